import { COMMANDS, helpText, parseCommandLine, parseParams } from '../../clients/cli/args.ts';
import { CliError, EXIT, exitCodeForStatus } from '../../clients/cli/exit-codes.ts';

const ID = '0192f0c4-7a1e-7c3b-9d2a-5b6c7d8e9f01';

function usageErrorOf(argv: string[]): string {
  try {
    parseCommandLine(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.USAGE);
    return (error as CliError).message;
  }
  throw new Error(`${argv.join(' ')} parsed without error`);
}

describe('tocsin command line', () => {
  it.each([
    [
      ['login', '--url', 'https://t.example', '--api-key', 'tocsin_ak_x'],
      { name: 'login', url: 'https://t.example', apiKey: 'tocsin_ak_x' },
    ],
    [['incidents', 'list'], { name: 'incidents list', limit: 25, offset: 0 }],
    [
      ['incidents', 'list', '--status', 'active', '--severity', 'critical', '--limit', '5', '--search', 'disk'],
      { name: 'incidents list', status: 'active', severity: 'critical', search: 'disk', limit: 5, offset: 0 },
    ],
    [['incidents', 'show', ID.toUpperCase()], { name: 'incidents show', id: ID }],
    [['incidents', 'ack', ID], { name: 'incidents ack', id: ID }],
    [['incidents', 'resolve', ID, '--json'], { name: 'incidents resolve', id: ID }],
    [['incidents', 'watch'], { name: 'incidents watch' }],
    [
      ['alert', 'send', '--integration', ID, '--platform', 'pager', '--file', '-'],
      { name: 'alert send', integration: ID, platform: 'pager', file: '-' },
    ],
    [
      ['runbook', 'run', 'Restart web', '--incident', ID, '--param', 'host=web-1', '--param', 'q=a=b', '-y'],
      { name: 'runbook run', procedure: 'Restart web', incident: ID, params: { host: 'web-1', q: 'a=b' }, yes: true },
    ],
    [['runbook', 'run', ID], { name: 'runbook run', procedure: ID, params: {}, yes: false }],
    [
      ['search', 'disk full', '--type', 'incident,article', '--mode', 'keyword'],
      { name: 'search', query: 'disk full', types: ['incident', 'article'], mode: 'keyword', limit: 10 },
    ],
    [['help', 'incidents', 'list'], { name: 'help', path: ['incidents', 'list'] }],
    [['incidents', '--help'], { name: 'help', path: ['incidents'] }],
    [['alert', 'send', '--help'], { name: 'help', path: ['alert', 'send'] }],
    [[], { name: 'help', path: [] }],
    [['--version'], { name: 'version' }],
    [['version', '--json'], { name: 'version' }],
    [['oncall'], { name: 'oncall', schedule: undefined, at: undefined }],
    [['incidents', 'escalate', ID], { name: 'incidents escalate', id: ID }],
    [['ack', ID], { name: 'incidents ack', id: ID }],
    [['escalate', ID], { name: 'incidents escalate', id: ID }],
    [['reassign', ID, '--user', 'Ops@Example.test'], { name: 'incidents reassign', id: ID, user: 'Ops@Example.test' }],
    [['reassign', ID, '--user', ID.toUpperCase()], { name: 'incidents reassign', id: ID, user: ID }],
    [['incidents', 'reassign', ID, '--policy', ID], { name: 'incidents reassign', id: ID, policy: ID }],
    [['snooze', ID, '30m'], { name: 'incidents snooze', id: ID, seconds: 1800 }],
    [['incidents', 'snooze', ID, '1h30m'], { name: 'incidents snooze', id: ID, seconds: 5400 }],
    [['snooze', ID, '24h'], { name: 'incidents snooze', id: ID, seconds: 86400 }],
    [
      ['responders', 'add', ID, '--user', 'Ops@Example.test', '--user', ID.toUpperCase(), '--schedule', ID, '--message', 'need a DBA'],
      { name: 'responders add', id: ID, users: ['Ops@Example.test', ID], schedules: [ID], policies: [], message: 'need a DBA' },
    ],
    [['responders', 'add', ID, '--policy', ID], { name: 'responders add', id: ID, users: [], schedules: [], policies: [ID] }],
    [['role', 'list'], { name: 'role list' }],
    [
      ['role', 'assign', ID, 'incident_commander', '--user', 'Ops@Example.test'],
      { name: 'role assign', id: ID, role: 'incident_commander', user: 'Ops@Example.test' },
    ],
    [['role', 'assign', ID, 'db_expert', '--user', ID.toUpperCase()], { name: 'role assign', id: ID, role: 'db_expert', user: ID }],
    [['role', 'unassign', ID, 'scribe'], { name: 'role unassign', id: ID, role: 'scribe' }],
    [['incidents', 'priority', ID, 'p2'], { name: 'incidents priority', id: ID, priority: 'P2' }],
    [['incidents', 'priority', ID, 'none'], { name: 'incidents priority', id: ID, priority: null }],
    [['silence', 'list', '--status', 'active'], { name: 'silence list', status: 'active', limit: 25 }],
    [
      ['silence', 'add', '--matcher', 'alertname="X"', '--matcher', 'env!="dev"', '--for', '2h', '--comment', 'deploy'],
      { name: 'silence add', matchers: ['alertname="X"', 'env!="dev"'], durationMinutes: 120, comment: 'deploy' },
    ],
    [['silence', 'add', '--matcher', 'a="b"', '--for', '1d', '--comment', 'c'], { durationMinutes: 1440 }],
    [['silence', 'expire', ID], { name: 'silence expire', id: ID }],
    [['contact', 'list'], { name: 'contact list' }],
    [
      ['contact', 'add', 'sms', '+14155550100', '--label', 'Phone'],
      { name: 'contact add', kind: 'sms', address: '+14155550100', label: 'Phone' },
    ],
    [
      ['contact', 'add', 'push', 'my-topic', '--server', 'https://ntfy.example.com', '--access-token', 'tk_x'],
      { name: 'contact add', kind: 'push', address: 'my-topic', server: 'https://ntfy.example.com', accessToken: 'tk_x' },
    ],
    [['contact', 'verify', ID, '012345'], { name: 'contact verify', id: ID, code: '012345' }],
    [['contact', 'resend', ID], { name: 'contact resend', id: ID }],
    [['contact', 'test', ID], { name: 'contact test', id: ID }],
    [
      ['alert', 'send', '--integration', ID, '--platform', 'pager', '--file', 'a.json', '--secret', '-z2SXRFuc8Ct', '--json'],
      { name: 'alert send', integration: ID, platform: 'pager', file: 'a.json', secret: '-z2SXRFuc8Ct' },
    ],
    [['alert', 'send', '--integration', ID, '--platform', 'pager', '--file', '-'], { file: '-' }],
    [['oncall', 'Primary', '--at', '2026-12-24T22:00:00+01:00'], { name: 'oncall', schedule: 'Primary', at: '2026-12-24T22:00:00+01:00' }],
  ])('%j parses', (argv, expected) => {
    expect(parseCommandLine(argv).command).toMatchObject(expected);
  });

  it('--json anywhere asks for machine output', () => {
    expect(parseCommandLine(['incidents', 'list', '--json']).json).toBe(true);
    expect(parseCommandLine(['--json', 'incidents', 'list']).json).toBe(true);
    expect(parseCommandLine(['incidents', 'list']).json).toBe(false);
  });

  it.each([
    [['incidents', 'lst'], 'unknown command "incidents lst"'],
    [['deploy'], 'unknown command "deploy"'],
    [['incidents'], 'needs a subcommand'],
    [['incidents', 'list', '--status', 'open'], '--status must be one of active, investigating, mitigated, resolved'],
    [['incidents', 'list', '--limit', '0'], '--limit must be between 1 and 100'],
    [['incidents', 'list', '--limit', '2.5'], '--limit must be a whole number'],
    [['incidents', 'list', '--bogus'], "Unknown option '--bogus'"],
    [['incidents', 'show'], 'takes INCIDENT_ID'],
    [['incidents', 'show', 'abc'], 'INCIDENT_ID must be a UUID'],
    [['role', 'assign', ID, 'incident_commander'], '--user is required'],
    [['role', 'assign', ID, 'Incident Commander', '--user', ID], 'ROLE must be a role key'],
    [['role', 'unassign', ID], 'takes'],
    [['incidents', 'priority', ID, 'P0'], 'PRIORITY must be one of P1, P2, P3, P4, P5 or none'],
    [['login', '--url', 'ftp://x', '--api-key', 'k'], '--url must be an http:// or https:// address'],
    [['login', '--url', 'https://x'], '--api-key is required'],
    [['alert', 'send', '--integration', ID, '--platform', 'nagios', '--file', 'p.json'], '--platform must be one of'],
    [['runbook', 'run', 'x', '--param', 'novalue'], '--param takes key=value'],
    [['search'], 'takes TEXT'],
    [['search', 'x', '--type', 'tickets'], '--type must be one of incident, procedure, article, log'],
    [['oncall', 'a', 'b'], 'takes [SCHEDULE]'],
    [['silence', 'add', '--for', '2h', '--comment', 'c'], '--matcher is required'],
    [['silence', 'add', '--matcher', 'a="b"', '--for', '2h'], '--comment is required'],
    [['silence', 'add', '--matcher', 'a="b"', '--for', '2 hours', '--comment', 'c'], '--for takes a duration'],
    [['silence', 'add', '--matcher', 'a="b"', '--for', '0m', '--comment', 'c'], '--for takes a duration'],
    [['silence', 'list', '--status', 'muted'], '--status must be one of pending, active, expired'],
    [['silence', 'expire', 'x'], 'SILENCE_ID must be a UUID'],
    [['contact', 'add', 'pager', 'x'], 'KIND must be one of email, webhook, push, sms, voice, slack, matrix'],
    [['contact', 'add', 'sms'], 'takes KIND ADDRESS'],
    [['contact', 'add', 'sms', '+14155550100', '--server', 'https://x'], '--server and --access-token are for push'],
    [['contact', 'verify', ID, '12345'], 'CODE is the 6 digits'],
    [['contact', 'test', 'x'], 'CONTACT_METHOD_ID must be a UUID'],
    [
      ['alert', 'send', '--integration', ID, '--platform', 'pager', '--file', 'a.json', '--secret', '--json'],
      "Option '--secret' argument is ambiguous",
    ],
    [['responders', 'add', ID], 'give at least one --user, --schedule or --policy'],
    [['responders', 'add', ID, '--user', 'ops'], '--user must be a user id or an email'],
    [['responders', 'add', ID, '--schedule', 'primary'], '--schedule must be a UUID'],
    [['reassign', ID], 'give exactly one of --user and --policy'],
    [['reassign', ID, '--user', 'a@b.test', '--policy', ID], 'give exactly one of --user and --policy'],
    [['reassign', ID, '--user', 'ops'], '--user must be a user id or an email'],
    [['reassign', ID, '--policy', 'primary'], '--policy must be a UUID'],
    [['snooze', ID, 'soon'], 'DURATION must look like 30m'],
    [['snooze', ID, '30s'], 'DURATION must be from 1m to 24h'],
    [['snooze', ID, '25h'], 'DURATION must be from 1m to 24h'],
    [['oncall', '--at', 'tomorrow'], '--at must be an RFC 3339 instant'],
    [['oncall', '--at', '2026-12-24T22:00:00'], '--at must be an RFC 3339 instant'],
  ])('%j is a usage error (exit 2) saying %s', (argv, message) => {
    expect(usageErrorOf(argv)).toContain(message);
  });

  it('parseParams keeps everything after the first = in the value', () => {
    expect(parseParams(['a=1', 'url=http://x/?y=z', 'empty='])).toEqual({ a: '1', url: 'http://x/?y=z', empty: '' });
  });

  it('every command has --help with its usage, and the top-level help lists them all with the exit codes', () => {
    for (const name of Object.keys(COMMANDS)) expect(helpText(name.split(' '))).toContain(`usage: tocsin ${name}`);
    const top = helpText([]);
    for (const name of Object.keys(COMMANDS)) expect(top).toContain(name);
    expect(top).toContain('8 runbook failed or cancelled');
  });

  it.each([
    [401, {}, EXIT.AUTH],
    [401, { webhook: true }, EXIT.REJECTED],
    [403, {}, EXIT.FORBIDDEN],
    [404, {}, EXIT.NOT_FOUND],
    [409, {}, EXIT.REJECTED],
    [413, {}, EXIT.REJECTED],
    [422, {}, EXIT.REJECTED],
    [429, {}, EXIT.UNAVAILABLE],
    [503, {}, EXIT.UNAVAILABLE],
    [500, {}, EXIT.ERROR],
  ])('HTTP %i %j exits %i', (status, options, code) => {
    expect(exitCodeForStatus(status, options)).toBe(code);
  });
});
