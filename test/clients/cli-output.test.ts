import { configFilePath } from '../../clients/cli/config-store.ts';
import {
  formatEvent,
  formatIncidentList,
  formatEscalation,
  formatOnCall,
  formatSilenceList,
  formatStepLine,
  plainText,
  shortTime,
  table,
  type ExecutionStep,
  type Incident,
  type OnCall,
} from '../../clients/cli/output.ts';

const incident = (overrides: Partial<Incident>): Incident => ({
  id: '0192f0c4-7a1e-7c3b-9d2a-5b6c7d8e9f01',
  title: 'Disk full on db-1',
  description: null,
  status: 'active',
  severity: 'critical',
  assignee_id: null,
  source: 'metrics_alerts',
  integration_id: null,
  fingerprint: null,
  alert_count: 3,
  tags: [],
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  acknowledged_at: null,
  resolved_at: null,
  routing_rule_id: null,
  escalation_policy_id: null,
  urgency: null,
  priority: null,
  merged_into: null,
  ...overrides,
});

describe('tocsin output', () => {
  it('table pads every column but the last to its widest cell', () => {
    expect(
      table(
        ['A', 'BB', 'C'],
        [
          ['xxx', 'y', 'long title'],
          ['z', 'wwww', 't'],
        ],
      ),
    ).toBe('A    BB    C\nxxx  y     long title\nz    wwww  t');
  });

  it.each([
    ['2026-11-21T10:00:00.000Z', '2026-11-21 10:00:00Z'],
    ['2026-11-21T10:00:00Z', '2026-11-21 10:00:00Z'],
    [null, '-'],
  ])('shortTime(%j) is %j', (input, expected) => {
    expect(shortTime(input)).toBe(expected);
  });

  it('lists incidents with id, status, severity, alerts, creation and title, and says when more exist', () => {
    const text = formatIncidentList(
      [incident({}), incident({ id: 'b', title: 'Other', status: 'resolved', severity: 'low', alert_count: 1 })],
      7,
    );
    expect(text.split('\n')).toEqual([
      'ID                                    STATUS    SEVERITY  ALERTS  CREATED               TITLE',
      '0192f0c4-7a1e-7c3b-9d2a-5b6c7d8e9f01  active    critical  3       2026-11-21 10:00:00Z  Disk full on db-1',
      'b                                     resolved  low       1       2026-11-21 10:00:00Z  Other',
      '(2 of 7; use --limit and --offset for more)',
    ]);
    expect(formatIncidentList([], 0)).toBe('No incidents.');
  });

  it('a step line says position, name, type, status and notes', () => {
    const step = {
      step_id: 's',
      position: 1,
      name: 'Restart web',
      type: 'manual',
      status: 'succeeded',
      notes: 'done by ops',
    } as ExecutionStep;
    expect(formatStepLine(step, 3)).toBe('[2/3] Restart web (manual): succeeded (done by ops)');
  });

  it('search snippets lose their <em> and entities', () => {
    expect(plainText('disk <em>full</em> &amp; &lt;tmp&gt; &quot;x&quot; &#39;y&#39;')).toBe('disk full & <tmp> "x" \'y\'');
  });

  it.each([
    [
      { type: 'incident.created', data: { incident: { id: 'i1', severity: 'high', status: 'active', title: 'CPU' } } },
      '2026-11-21 10:00:00Z  incident.created         i1 [high/active] CPU',
    ],
    [
      {
        type: 'incident.status_changed',
        data: { incident: { id: 'i1', severity: 'high', status: 'resolved', title: 'CPU' }, previous_status: 'active' },
      },
      '2026-11-21 10:00:00Z  incident.status_changed  i1 [high/resolved (was active)] CPU',
    ],
    [
      { type: 'alert.received', data: { incident: { id: 'i1', severity: 'high', status: 'active', title: 'CPU' }, alert_id: 'a9' } },
      '2026-11-21 10:00:00Z  alert.received           i1 [high/active] CPU alert a9',
    ],
    [
      { type: 'execution.updated', data: { organization_id: 'o', execution: { id: 'e1', procedure_name: 'Failover', status: 'waiting' } } },
      '2026-11-21 10:00:00Z  execution.updated        e1 Failover: waiting',
    ],
    [{ type: 'chat.message', data: { body: 'hi' } }, '2026-11-21 10:00:00Z  chat.message             {"body":"hi"}'],
  ])('event %j is one line: %s', (event, line) => {
    expect(formatEvent({ ...event, timestamp: '2026-11-21T10:00:00.000Z' })).toBe(line);
  });

  it.each([
    [{ TOCSIN_CONFIG_DIR: '/c' }, 'linux', '/c/config.json'],
    [{ XDG_CONFIG_HOME: '/x' }, 'linux', '/x/tocsin/config.json'],
    [{}, 'linux', '/home/u/.config/tocsin/config.json'],
    [{}, 'darwin', '/home/u/Library/Application Support/tocsin/config.json'],
    [{ APPDATA: '/appdata' }, 'win32', '/appdata/tocsin/config.json'],
  ] as const)('config file for %j on %s is %s', (env, platform, expected) => {
    expect(configFilePath(env, platform, '/home/u')).toBe(expected);
  });

  it('formatOnCall names who carries each pager until when, marks overrides, and shows gaps', () => {
    const entry = (overrides: Partial<OnCall>): OnCall => ({
      schedule_id: '0192f0c4-7a1e-7c3b-9d2a-5b6c7d8e9f02',
      schedule_name: 'Primary',
      time_zone: 'Europe/Berlin',
      user_id: '0192f0c4-7a1e-7c3b-9d2a-5b6c7d8e9f03',
      source: 'layer',
      start: '2026-11-21T08:00:00.000Z',
      end: '2026-11-22T08:00:00.000Z',
      ...overrides,
    });
    const names = new Map([['0192f0c4-7a1e-7c3b-9d2a-5b6c7d8e9f03', 'Ada']]);
    expect(
      formatOnCall(
        [
          entry({}),
          entry({ schedule_name: 'Databases', source: 'override', user_id: '0192f0c4-7a1e-7c3b-9d2a-5b6c7d8e9f04' }),
          entry({ schedule_name: 'Nights', user_id: null, source: null, start: null, end: null }),
        ],
        names,
      ).split('\n'),
    ).toEqual([
      'SCHEDULE   UNTIL                 ON CALL',
      'Primary    2026-11-22 08:00:00Z  Ada',
      'Databases  2026-11-22 08:00:00Z  0192f0c4-7a1e-7c3b-9d2a-5b6c7d8e9f04 (override)',
      'Nights     -                     (nobody: a gap)',
    ]);
    expect(formatOnCall([], names)).toBe('No schedules.');
  });

  it('formatSilenceList and formatEscalation print one line per silence, and the state then each page', () => {
    expect(formatSilenceList([])).toBe('No silences.');
    expect(
      formatSilenceList([
        {
          id: '0192f0c4-7a1e-7c3b-9d2a-5b6c7d8e9f05',
          matchers: ['alertname="DiskFull"'],
          matchers_text: '{alertname="DiskFull"}',
          starts_at: '2026-11-21T10:00:00.000Z',
          ends_at: '2026-11-21T12:00:00.000Z',
          status: 'active',
          comment: 'swap',
          created_by: null,
          updated_by: null,
          created_at: '2026-11-21T10:00:00.000Z',
          updated_at: '2026-11-21T10:00:00.000Z',
        },
      ]).split('\n'),
    ).toEqual([
      'ID                                    STATUS  ENDS                  MATCHERS',
      '0192f0c4-7a1e-7c3b-9d2a-5b6c7d8e9f05  active  2026-11-21 12:00:00Z  {alertname="DiskFull"}',
    ]);
    const page = { round: 1, level: 1, user_id: 'u-1', method: 'email', status: 'sent', created_at: '2026-11-21T10:00:00.000Z' };
    expect(
      formatEscalation({
        policy: null,
        running: true,
        level: 2,
        round: 1,
        next_escalation_at: '2026-11-21T10:05:00.000Z',
        ended: null,
        pages: [page],
      } as never).split('\n'),
    ).toEqual([
      'escalation level 2 of round 1, next at 2026-11-21 10:05:00Z',
      '  round 1 level 1: u-1 by email, sent at 2026-11-21 10:00:00Z',
    ]);
  });
});
