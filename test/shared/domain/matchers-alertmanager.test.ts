// Tocsin's matchers against Alertmanager's own test tables (cited in alertmanager-matcher-cases.ts).
import { parseUtf8Matchers } from '../../../shared/domain/matcher-parse-utf8.ts';
import { compileMatcher, compileMatchers, MatcherError, parseMatchers, type Matcher } from '../../../shared/domain/matchers.ts';
import { COMPLIANCE_CASES, MATCH_CASES, PARSE_CASES } from './alertmanager-matcher-cases.ts';

const toMatchers = (triples: Array<[string, Matcher['operator'], string]>): Matcher[] =>
  triples.map(([name, operator, value]) => ({ name, operator, value }));

describe("Alertmanager's UTF-8 parser (matcher/parse/parse_test.go)", () => {
  it.each(PARSE_CASES.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => {
    if (testCase.error === null) expect(parseUtf8Matchers(testCase.input)).toEqual(toMatchers(testCase.want));
    else expect(() => parseUtf8Matchers(testCase.input)).toThrow(new Error(testCase.error));
  });
});

describe("Alertmanager's default (fallback) mode over its compliance cases (matcher/compliance/compliance_test.go)", () => {
  // Where the UTF-8 parser reads the input (not skipped there), Tocsin reads it the same; where Alertmanager
  // skips the case (the UTF-8 parser differs), its default mode falls back to the classic reading, `want`.
  const accepted = COMPLIANCE_CASES.filter((testCase) => testCase.err === null && testCase.want.length > 0);
  it.each(accepted.map((testCase) => [testCase.input, testCase] as const))('%s', (_input, testCase) => {
    expect(parseMatchers(testCase.input)).toEqual(toMatchers(testCase.want));
    if (!testCase.skip) expect(parseUtf8Matchers(testCase.input)).toEqual(toMatchers(testCase.want));
  });

  const refused = COMPLIANCE_CASES.filter((testCase) => testCase.err !== null);
  it.each(refused.map((testCase) => [testCase.input, testCase] as const))('refuses %s', (_input, testCase) => {
    // An invalid regex parses, and is refused when compiled (as Alertmanager's NewMatcher does).
    expect(() => compileMatchers(parseMatchers(testCase.input))).toThrow(MatcherError);
    expect(() => compileMatchers(parseUtf8Matchers(testCase.input))).toThrow();
  });

  it('`{}` is no matcher at all, which Tocsin refuses as a list', () => {
    expect(parseUtf8Matchers('{}')).toEqual([]);
    expect(() => parseMatchers('{}')).toThrow('at least one matcher is required');
  });
});

describe('the nine cases where Tocsin used to differ, and the fallback around them', () => {
  it.each<[string, Matcher[]]>([
    ['{"foo"="bar\\t"}', [{ name: 'foo', operator: '=', value: 'bar\t' }]],
    ['{"foo"="\\xf0\\x9f\\x99\\x82"}', [{ name: 'foo', operator: '=', value: '🙂' }]],
    ['{"foo"="\\U0001f642"}', [{ name: 'foo', operator: '=', value: '🙂' }]],
    ['"foo"="\\u00e9t\\303\\251"', [{ name: 'foo', operator: '=', value: 'été' }]],
    ['{name-with-dashes = "bar"}', [{ name: 'name-with-dashes', operator: '=', value: 'bar' }]],
    ['service.name="api"', [{ name: 'service.name', operator: '=', value: 'api' }]],
    // Classic inputs keep their classic reading: the UTF-8 parser refuses them or reads them otherwise.
    ['job=~"\\d+"', [{ name: 'job', operator: '=~', value: '\\d+' }]],
    ['foo="bar\\t"', [{ name: 'foo', operator: '=', value: 'bar\\t' }]],
    ['msg=hello world', [{ name: 'msg', operator: '=', value: 'hello world' }]],
  ])('%s', (text, expected) => {
    expect(parseMatchers(text)).toEqual(expected);
  });

  it.each([
    ['{"foo"=~"\\d+"}', '8:13: "\\d+": invalid input'],
    ['{"foo"="\\xf0\\x9f"}', '7:17: "\\xf0\\x9f": invalid input'],
    ['"foo"="bar\\w"', '6:13: "bar\\w": invalid input'],
  ])('refuses %s', (text, utf8Error) => {
    expect(() => parseMatchers(text)).toThrow(MatcherError);
    expect(() => parseUtf8Matchers(text)).toThrow(new Error(utf8Error));
  });
});

describe('matching semantics (pkg/labels/matcher_test.go)', () => {
  it.each(
    MATCH_CASES.map(
      (testCase) => [`${testCase.operator}${JSON.stringify(testCase.pattern)} on ${JSON.stringify(testCase.value)}`, testCase] as const,
    ),
  )('%s', (_name, testCase) => {
    const matcher = compileMatcher({ name: 'x', operator: testCase.operator, value: testCase.pattern });
    expect(matcher.test(testCase.value)).toBe(testCase.match);
  });
});
