import { parseSlackCommand } from '../../api/services/slack-command.ts';

const ID = '0190b7c4-0000-7000-8000-000000000002';

describe('parseSlackCommand', () => {
  it.each([
    [`ack ${ID}`, { verb: 'ack', incidentId: ID }],
    [`  Acknowledge   ${ID.toUpperCase()} `, { verb: 'ack', incidentId: ID }],
    [`resolve ${ID}`, { verb: 'resolve', incidentId: ID }],
    [`incident https://tocsin.example/incidents/${ID}`, { verb: 'incident', incidentId: ID }],
    ['oncall', { verb: 'oncall' }],
    ['on-call', { verb: 'oncall' }],
    ['link', { verb: 'link' }],
    ['', { verb: 'help' }],
    ['help', { verb: 'help' }],
  ])('%j → %j', (text, expected) => {
    expect(parseSlackCommand(text)).toEqual(expected);
  });

  it.each([
    ['ack', '`/tocsin ack` takes one incident id.'],
    ['ack 42', '`/tocsin ack` takes one incident id.'],
    [`ack ${ID} ${ID}`, '`/tocsin ack` takes one incident id.'],
    ['oncall now', '`/tocsin oncall` takes nothing after it.'],
    ['reboot', 'Unknown command "reboot".'],
  ])('%j is help saying %j', (text, problem) => {
    expect(parseSlackCommand(text)).toEqual({ verb: 'help', problem });
  });
});
