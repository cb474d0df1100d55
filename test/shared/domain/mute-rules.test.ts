import { buildMuteRules, NO_MUTE_RULES } from '../../../shared/domain/mute-rules.ts';

const at = (iso: string) => new Date(iso);
const alert = (labels: Record<string, string>, integrationId = 'int-a', severity = 'critical') => ({
  labels,
  severity,
  platform: 'metrics_alerts',
  integrationId,
});

describe('buildMuteRules', () => {
  const rules = buildMuteRules({
    silences: [
      {
        id: 'silence-disk',
        matchers: [{ name: 'alertname', operator: '=', value: 'DiskFull' }],
        startsAt: at('2027-01-01T10:00:00Z'),
        endsAt: at('2027-01-01T12:00:00Z'),
      },
      {
        id: 'silence-low',
        matchers: [{ name: 'severity', operator: '=~', value: 'low|medium' }],
        startsAt: at('2027-01-01T00:00:00Z'),
        endsAt: at('2027-01-02T00:00:00Z'),
      },
      // Stored before a rule change made it invalid: it mutes nothing, and breaks nothing.
      {
        id: 'silence-broken',
        matchers: [{ name: 'x', operator: '=~', value: '(' }],
        startsAt: at('2027-01-01T00:00:00Z'),
        endsAt: at('2028-01-01T00:00:00Z'),
      },
    ],
    windows: [
      {
        id: 'window-b',
        integrationIds: ['int-b'],
        startsAt: at('2027-01-01T11:00:00Z'),
        endsAt: at('2027-01-01T13:00:00Z'),
        rrule: null,
        timeZone: 'UTC',
      },
      {
        id: 'window-all',
        integrationIds: [],
        startsAt: at('2027-01-03T00:00:00Z'),
        endsAt: at('2027-01-03T01:00:00Z'),
        rrule: 'FREQ=DAILY',
        timeZone: 'UTC',
      },
    ],
  });

  it.each([
    ['a matching alert inside the silence', alert({ alertname: 'DiskFull' }), '2027-01-01T10:00:00Z', 'silence-disk'],
    ['a matching alert before it starts', alert({ alertname: 'DiskFull' }), '2027-01-01T09:59:59Z', null],
    ['a matching alert at its end', alert({ alertname: 'DiskFull' }), '2027-01-01T12:00:00Z', null],
    ['another alert inside it', alert({ alertname: 'CPU' }), '2027-01-01T10:30:00Z', null],
    ['by normalized severity', alert({ alertname: 'CPU' }, 'int-a', 'low'), '2027-01-01T10:30:00Z', 'silence-low'],
    ['silences before windows', alert({ alertname: 'DiskFull' }, 'int-b'), '2027-01-01T11:30:00Z', 'silence-disk'],
    ["a window's integration", alert({ alertname: 'CPU' }, 'int-b'), '2027-01-01T11:30:00Z', 'window-b'],
    ["another integration than the window's", alert({ alertname: 'CPU' }, 'int-c'), '2027-01-01T11:30:00Z', null],
    ['a recurring organization-wide window', alert({ alertname: 'CPU' }, 'int-c'), '2027-01-05T00:30:00Z', 'window-all'],
    ['between its occurrences', alert({ alertname: 'CPU' }, 'int-c'), '2027-01-05T01:30:00Z', null],
  ])('%s', (_what, subject, iso, expected) => {
    expect(rules.mutedBy(subject, at(iso))?.id ?? null).toBe(expected);
  });

  it('names the kind of what muted', () => {
    expect(rules.mutedBy(alert({ alertname: 'DiskFull' }), at('2027-01-01T10:00:00Z'))).toEqual({ kind: 'silence', id: 'silence-disk' });
    expect(rules.mutedBy(alert({}, 'int-b'), at('2027-01-01T12:30:00Z'))).toEqual({ kind: 'maintenance_window', id: 'window-b' });
    expect(rules.size).toBe(4);
    expect(NO_MUTE_RULES.mutedBy(alert({ alertname: 'DiskFull' }), at('2027-01-01T10:00:00Z'))).toBeNull();
  });
});
