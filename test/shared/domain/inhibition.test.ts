import { buildInhibitor, type InhibitionAlert, type InhibitionRuleDefinition } from '../../../shared/domain/inhibition.ts';
import { parseMatchers } from '../../../shared/domain/matchers.ts';

let next = 0;
const alert = (labels: Record<string, string>, key = `k${(next += 1)}`): InhibitionAlert => ({
  key,
  labels,
  severity: 'high',
  platform: 'metrics_alerts',
  integrationId: 'int-1',
});
const rule = (id: string, source: string, target: string, equal: string[] = [], enabled = true): InhibitionRuleDefinition => ({
  id,
  sourceMatchers: source ? parseMatchers(source) : [],
  targetMatchers: target ? parseMatchers(target) : [],
  equal,
  enabled,
});

// Cases carried over from Alertmanager's own tests: prometheus/alertmanager inhibit/inhibit_test.go
// at v0.31.1 (commit 7a639ba087d6e877038cabfdaa645230f79001b8). Alertmanager's "resolved" source
// (EndsAt in the past) is a source Tocsin no longer counts as firing, so it is simply absent here.
describe('TestInhibitRuleHasEqual (inhibit_test.go)', () => {
  it.each([
    ['no source alerts', [], [], { a: 'b' }, false],
    ['no equal labels, any source alert satisfies the requirement', [{}], [], { a: 'b' }, true],
    ['matching but already resolved (no firing source)', [], ['a', 'b'], { a: 'b', b: 'c' }, false],
    ['matching and unresolved', [{ a: 'b', c: 'f' }], ['a'], { a: 'b' }, true],
    [
      'equal label does not match',
      [
        { a: 'c', c: 'd' },
        { a: 'c', c: 'f' },
      ],
      ['a'],
      { a: 'b' },
      false,
    ],
  ])('%s', (_name, sources, equal, input, expected) => {
    // A source side selecting every alert: only `equal` decides. Alertmanager calls hasEqual without
    // its two-sided rule, so the target side here selects the target alone.
    const oneSided = buildInhibitor([rule('r', 'x=~".*"', 'target="yes"', equal)]);
    const active = oneSided.withSources(sources.map((labels) => alert(labels)));
    expect(active.inhibitedBy(alert({ ...input, target: 'yes' }, 'target')) !== null).toBe(expected);
  });
});

const sourceAlert1 = alert({ s1: '1', t1: '2', e: '1' }, 'source-1');
const sourceAlert2 = alert({ s2: '1', t2: '1', e: '1' }, 'source-2');

describe('TestInhibitRuleMatches (inhibit_test.go)', () => {
  const active = buildInhibitor([rule('rule1', 's1="1"', 't1="1"', ['e']), rule('rule2', 's2="1"', 't2="1"', ['e'])]).withSources([
    sourceAlert1,
    sourceAlert2,
  ]);
  it.each([
    ['matches target filter of rule1, inhibited', { t1: '1', e: '1' }, true],
    ['matches target filter of rule2, inhibited', { t2: '1', e: '1' }, true],
    ['matches target filter of rule1 (plus noise), inhibited', { t1: '1', t3: '1', e: '1' }, true],
    ['matches target filter of rule1 plus rule2, inhibited', { t1: '1', t2: '1', e: '1' }, true],
    ["doesn't match target filter, not inhibited", { t1: '0', e: '1' }, false],
    ['matches both sides of rule1, inhibited: sourceAlert1 matches only the source side', { s1: '1', t1: '1', e: '1' }, true],
    ['matches both sides of rule2, not inhibited: sourceAlert2 matches both sides too', { s2: '1', t2: '1', e: '1' }, false],
    ["matches target filter, equal label doesn't match, not inhibited", { t1: '1', e: '0' }, false],
  ])('%s', (_name, target, expected) => {
    expect(active.inhibitedBy(alert(target)) !== null).toBe(expected);
  });
});

describe('TestInhibitRuleMatchers (inhibit_test.go)', () => {
  const active = buildInhibitor([rule('rule1', 's1="1"', 't1!="1"', ['e']), rule('rule2', 's2="1"', 't2="1"', ['e'])]).withSources([
    sourceAlert1,
    sourceAlert2,
  ]);
  it.each([
    [{ t1: '1', e: '1' }, false],
    [{ t2: '1', e: '1' }, true],
    [{ t1: '1', t3: '1', e: '1' }, false],
    [{ t1: '1', t2: '1', e: '1' }, true],
    [{ t1: '0', e: '1' }, true],
    [{ s1: '1', t1: '1', e: '1' }, false],
    [{ s2: '1', t2: '1', e: '1' }, true],
    [{ t1: '1', e: '0' }, false],
  ])('%j inhibited: %s', (target, expected) => {
    expect(active.inhibitedBy(alert(target)) !== null).toBe(expected);
  });
});

describe('Tocsin cases', () => {
  const criticalInhibitsWarning = rule('crit', 'severity="critical"', 'severity="warning"', ['cluster']);
  const subject = (severity: string, cluster: string | undefined, key: string): InhibitionAlert => ({
    ...alert(cluster === undefined ? {} : { cluster }, key),
    severity,
  });

  it.each([
    ['a critical inhibits a warning of the same cluster', subject('warning', 'eu', 'w'), { ruleId: 'crit', sourceKey: 'c' }],
    ['not one of another cluster', subject('warning', 'us', 'w'), null],
    ['not a critical (the target matchers)', subject('critical', 'eu', 'c2'), null],
    ['a missing equal label is the empty string: not equal to "eu"', subject('warning', undefined, 'w'), null],
  ])('%s', (_name, target, expected) => {
    const active = buildInhibitor([criticalInhibitsWarning]).withSources([subject('critical', 'eu', 'c')]);
    expect(active.inhibitedBy(target)).toEqual(expected);
  });

  it('an alert never inhibits itself, and a disabled rule inhibits nothing', () => {
    const self = buildInhibitor([rule('r', 'x="1"', 'x="1"')]).withSources([alert({ x: '1' }, 'same')]);
    expect(self.inhibitedBy(alert({ x: '1' }, 'same'))).toBeNull();
    const disabled = buildInhibitor([{ ...criticalInhibitsWarning, enabled: false }]);
    expect(disabled.size).toBe(0);
    expect(disabled.withSources([subject('critical', 'eu', 'c')]).inhibitedBy(subject('warning', 'eu', 'w'))).toBeNull();
  });

  it('two missing equal labels are equal (both empty), as in Alertmanager', () => {
    const active = buildInhibitor([criticalInhibitsWarning]).withSources([subject('critical', undefined, 'c')]);
    expect(active.inhibitedBy(subject('warning', undefined, 'w'))).toEqual({ ruleId: 'crit', sourceKey: 'c' });
  });
});
