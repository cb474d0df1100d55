import {
  effectiveAckTimeoutMinutes,
  parseDuration,
  repageAt,
  repageDecision,
  type AcknowledgedIncident,
} from '../../../shared/domain/acknowledgement.ts';

const NOW = Date.parse('2026-03-01T10:00:00Z');
const acknowledged = (overrides: Partial<AcknowledgedIncident> = {}): AcknowledgedIncident => ({
  status: 'investigating',
  escalationCycle: 2,
  snoozedUntil: null,
  ...overrides,
});

describe('acknowledgement timeouts and snoozes', () => {
  it.each([
    ['the rule overrides the policy', 5, 30, 5],
    ['the policy applies without a rule override', null, 30, 30],
    ['neither: no timeout', null, null, null],
    ['a rule override without a policy timeout', 2, undefined, 2],
  ])('effective timeout: %s', (_name, rule, policy, expected) => {
    expect(effectiveAckTimeoutMinutes(rule, policy)).toBe(expected);
  });

  it.each([
    ['timeout counts from the acknowledgement', { acknowledgedAt: NOW, ackTimeoutMs: 60_000, snoozedUntil: null }, NOW + 60_000],
    [
      'a snooze replaces the timeout, even a later one',
      { acknowledgedAt: NOW, ackTimeoutMs: 60_000, snoozedUntil: NOW + 3_600_000 },
      NOW + 3_600_000,
    ],
    ['a snooze without timeout', { acknowledgedAt: NOW, ackTimeoutMs: null, snoozedUntil: NOW + 5_000 }, NOW + 5_000],
    ['nothing to wait for', { acknowledgedAt: NOW, ackTimeoutMs: null, snoozedUntil: null }, null],
  ])('re-page time: %s', (_name, input, expected) => {
    expect(repageAt(input)).toBe(expected);
  });

  it.each([
    ['still acknowledged in its cycle: re-pages on timeout', acknowledged(), 2, { action: 'repage', reason: 'ack_timeout' }],
    [
      'snoozed and the snooze is over: re-pages as a snooze end',
      acknowledged({ snoozedUntil: new Date(NOW - 1) }),
      2,
      { action: 'repage', reason: 'snooze_ended' },
    ],
    [
      'snoozed beyond now: waits for the end',
      acknowledged({ snoozedUntil: new Date(NOW + 60_000) }),
      2,
      { action: 'wait', until: NOW + 60_000 },
    ],
    ['resolved meanwhile: nothing', acknowledged({ status: 'resolved' }), 2, { action: 'none' }],
    ['mitigated meanwhile: nothing', acknowledged({ status: 'mitigated' }), 2, { action: 'none' }],
    ['active again (a new cycle): nothing', acknowledged({ status: 'active', escalationCycle: 3 }), 2, { action: 'none' }],
    ['acknowledged again in a later cycle: an old timer does nothing', acknowledged({ escalationCycle: 3 }), 2, { action: 'none' }],
  ])('when a timer fires: %s', (_name, incident, cycle, expected) => {
    expect(repageDecision(incident, cycle, NOW)).toEqual(expected);
  });

  it.each([
    ['30m', 1800],
    ['1h30m', 5400],
    ['90s', 90],
    ['2h', 7200],
    ['1d', 86400],
    ['15', 900],
    [' 45M ', 2700],
    ['', null],
    ['soon', null],
    ['-5m', null],
    ['5 m', null],
  ])('parseDuration(%j) = %j', (text, expected) => {
    expect(parseDuration(text)).toBe(expected);
  });
});
