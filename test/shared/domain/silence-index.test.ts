import fc from 'fast-check';
import { compileMatchers, matchesAll, matchSubject, type Matcher } from '../../../shared/domain/matchers.ts';
import { buildMuteRules } from '../../../shared/domain/mute-rules.ts';
import { literalPrefix } from '../../../shared/domain/silence-index.ts';

describe('literalPrefix', () => {
  it.each([
    ['a plain literal', 'db-1', 'db-1'],
    ['up to a wildcard', 'db-.*:9100', 'db-'],
    ['the character before a quantifier is optional', 'ab?c', 'a'],
    ['nor is a repeated one promised', 'ab*', 'a'],
    ['one-or-more is dropped too (conservative)', 'ab+', 'a'],
    ['a counted repetition', 'ab{2}', 'a'],
    ['any alternation: none', 'db-1|web', ''],
    ['alternation inside a group: none', 'db-(1|2)', ''],
    ['a leading group or flag: none', '(?i)db', ''],
    ['a leading class: none', '[dw]b', ''],
    ['an escape stops it', 'db\\.1', 'db'],
    ['an anchor stops it', '^db', ''],
    ['a quantified astral character is dropped whole', 'x😀?', 'x'],
    ['an empty regex', '', ''],
  ])('%s: %s → %s', (_, regex, prefix) => {
    expect(literalPrefix(regex)).toBe(prefix);
  });
});

// The index must never change which silence mutes an alert: compared with evaluating every
// silence in order, over generated silences and alerts drawn from small alphabets so they collide.
describe('the silence index chooses as a scan of every silence does', () => {
  const names = ['alertname', 'instance', 'env', 'severity', 'integration'];
  const values = ['', 'a', 'ab', 'abc', 'b', 'db-1', 'db-12', 'web', 'critical', 'low', 'int-a'];
  const regexes = ['a.*', 'ab?', 'ab+c', 'db-1.*', 'db-(1|2)', 'db-1|web', '.*b', 'a|', '[ab]+', 'abc', 'x😀?', 'db\\-1', '(?i)AB'];
  const matcher: fc.Arbitrary<Matcher> = fc.oneof(
    fc.record({
      name: fc.constantFrom(...names),
      operator: fc.constantFrom('=' as const, '!=' as const),
      value: fc.constantFrom(...values),
    }),
    fc.record({
      name: fc.constantFrom(...names),
      operator: fc.constantFrom('=~' as const, '!~' as const),
      value: fc.constantFrom(...regexes),
    }),
  );
  const silence = fc.record({
    matchers: fc.array(matcher, { minLength: 1, maxLength: 3 }),
    startsAt: fc.integer({ min: 0, max: 10 }),
    length: fc.integer({ min: 1, max: 10 }),
  });
  const alert = fc.record({
    labels: fc.dictionary(fc.constantFrom(...names), fc.constantFrom(...values), { maxKeys: 4 }),
    severity: fc.constantFrom('critical', 'low'),
    integrationId: fc.constantFrom('int-a', 'int-b'),
    at: fc.integer({ min: 0, max: 20 }),
  });

  it('for any silences and alert', () => {
    fc.assert(
      fc.property(fc.array(silence, { maxLength: 40 }), fc.array(alert, { minLength: 1, maxLength: 10 }), (drawn, alerts) => {
        const silences = drawn.map((one, index) => ({
          id: `s${index}`,
          matchers: one.matchers,
          startsAt: new Date(one.startsAt * 1000),
          endsAt: new Date((one.startsAt + one.length) * 1000),
        }));
        const rules = buildMuteRules({ silences, windows: [] });
        for (const { at, ...rest } of alerts) {
          const subject = matchSubject({ ...rest, platform: 'metrics_alerts' });
          const time = at * 1000;
          const expected =
            silences.find(
              (one) => time >= one.startsAt.getTime() && time < one.endsAt.getTime() && matchesAll(compileMatchers(one.matchers), subject),
            )?.id ?? null;
          expect(rules.mutedBy({ ...rest, platform: 'metrics_alerts' }, new Date(time))?.id ?? null).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
  });
});
