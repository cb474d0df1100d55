import { MAX_MATCHERS } from '../../shared/domain/matchers.ts';
import { routingRuleMatchers } from '../../shared/domain/routing.ts';
import { silenceMatchers } from '../../shared/domain/silence.ts';
import { matchersInput } from '../../api/schemas/matchers.schemas.ts';

const routing = matchersInput(routingRuleMatchers, 'routing');
const silence = matchersInput(silenceMatchers, 'silence');

describe('matchersInput', () => {
  it.each([
    ['one list', routing, '{service="db", env=~"prod|staging"}', ['service', 'env']],
    ['an array of texts', routing, ['service=db', 'severity=critical'], ['service', 'severity']],
    ['a catch-all routing rule', routing, 'severity=~".*"', ['severity']],
    ['a silence narrowing what it mutes', silence, ['alertname=DiskFull', 'env!=dev'], ['alertname', 'env']],
  ])('parses %s into matchers', (_name, schema, input, labels) => {
    const parsed = schema.safeParse(input);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.map((matcher) => matcher.name)).toEqual(labels);
  });

  it.each([
    ['a broken regex', routing, 'severity=~"(("'],
    ['no matcher at all', routing, '{}'],
    ['a silence that would mute every alert', silence, 'severity=~".*"'],
    ['an empty array', routing, []],
    ['more texts than allowed', routing, Array.from({ length: MAX_MATCHERS + 1 }, (_, i) => `l${i}="v"`)],
    ['a text over 10,000 characters', routing, `a="${'x'.repeat(10_000)}"`],
    ['a number', routing, 42],
  ])('refuses %s as an issue on the field', (_name, schema, input) => {
    const parsed = schema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.length).toBeGreaterThan(0);
  });

  it('says what the parser said', () => {
    const parsed = routing.safeParse('{}');
    expect(parsed.error?.issues[0]?.message).toBe('at least one matcher is required');
  });

  it('lets a failure other than a bad matcher through, as a bug', () => {
    const broken = matchersInput(() => {
      throw new TypeError('not a matcher problem');
    }, 'broken');
    expect(() => broken.safeParse('a="b"')).toThrow(TypeError);
  });

  it('carries its description into the schema', () => {
    expect(routing.description).toBe('routing');
  });
});
