import {
  compileMatcher,
  compileMatchers,
  formatMatcher,
  formatMatchers,
  MatcherError,
  matchesAll,
  matchesEmptyLabels,
  matchSubject,
  MAX_MATCHERS,
  parseMatcher,
  parseMatchers,
  type Matcher,
} from '../../../shared/domain/matchers.ts';

const m = (name: string, operator: Matcher['operator'], value: string): Matcher => ({ name, operator, value });

describe('parseMatcher', () => {
  it.each<[string, Matcher]>([
    ['alertname="DiskFull"', m('alertname', '=', 'DiskFull')],
    ['alertname = "DiskFull"', m('alertname', '=', 'DiskFull')],
    ['  env!=prod  ', m('env', '!=', 'prod')],
    ['job=~"api|web"', m('job', '=~', 'api|web')],
    ['job!~"batch.*"', m('job', '!~', 'batch.*')],
    ['a=', m('a', '=', '')],
    ['a=""', m('a', '=', '')],
    ['a=~""', m('a', '=~', '')],
    // Escapes: \" and \\ and \n; any other backslash is literal (so regex classes survive).
    ['quote="She said: \\"Hi\\""', m('quote', '=', 'She said: "Hi"')],
    ['path="C:\\\\temp"', m('path', '=', 'C:\\temp')],
    ['text="line1\\nline2"', m('text', '=', 'line1\nline2')],
    ['code=~"5\\d\\d"', m('code', '=~', '5\\d\\d')],
    ['trailing=abc\\', m('trailing', '=', 'abc\\')],
    ['__name__:x="1"', m('__name__:x', '=', '1')],
    ['msg=hello world', m('msg', '=', 'hello world')],
    // Alertmanager's UTF-8 parser: a quoted label name.
    ['"service.name"="api"', m('service.name', '=', 'api')],
    ['"a \\"b\\""!~"x"', m('a "b"', '!~', 'x')],
    // Any non-reserved characters in an unquoted name, as Alertmanager's UTF-8 parser reads them.
    ['1abc="x"', m('1abc', '=', 'x')],
    ['service.name="x"', m('service.name', '=', 'x')],
  ])('%s', (text, expected) => {
    expect(parseMatcher(text)).toEqual(expected);
  });

  it.each([
    ['', 'no matchers'],
    ['="x"', 'expected a label name'],
    ['alertname', 'expected =, !=, =~ or !~'],
    ['alertname=="x"', 'unescaped double quote'],
    ['a~="x"', 'expected =, !=, =~ or !~'],
    ['a="unterminated', 'unterminated double quote'],
    ['a="x"y', 'text after the closing quote'],
    ['a=x"y', 'unescaped double quote'],
    ['""="x"', 'the label name is empty'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(() => parseMatcher(text)).toThrow(MatcherError);
    expect(() => parseMatcher(text)).toThrow(reason);
  });
});

describe('parseMatchers', () => {
  it.each<[string, Matcher[]]>([
    ['{alertname="DiskFull", env=~"prod|staging"}', [m('alertname', '=', 'DiskFull'), m('env', '=~', 'prod|staging')]],
    ['alertname=DiskFull,env!=dev', [m('alertname', '=', 'DiskFull'), m('env', '!=', 'dev')]],
    ['{foo = "bar", dings != "bums", }', [m('foo', '=', 'bar'), m('dings', '!=', 'bums')]],
    // Commas inside quotes do not separate, escaped quotes do not close.
    ['{quote="She said: \\"Hi, ladies!\\"", x="a,b"}', [m('quote', '=', 'She said: "Hi, ladies!"'), m('x', '=', 'a,b')]],
    ['statuscode=~"5.."', [m('statuscode', '=~', '5..')]],
    ['  { a="1" }  ', [m('a', '=', '1')]],
  ])('%s', (text, expected) => {
    expect(parseMatchers(text)).toEqual(expected);
  });

  it.each([
    ['', 'at least one matcher'],
    ['{}', 'at least one matcher'],
    ['{a="1",,b="2"}', 'expected a label name'],
    ['{a="1", b}', 'expected =, !=, =~ or !~'],
    ['{a="1, b="2"}', 'unterminated double quote'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(() => parseMatchers(text)).toThrow(MatcherError);
    expect(() => parseMatchers(text)).toThrow(reason);
  });

  it('refuses too many matchers and too long a text', () => {
    const many = Array.from({ length: MAX_MATCHERS + 1 }, (_, index) => `l${index}="v"`);
    expect(parseMatchers(many.slice(1).join(','))).toHaveLength(MAX_MATCHERS);
    expect(() => parseMatchers(many.join(','))).toThrow(`at most ${MAX_MATCHERS}`);
    expect(() => parseMatchers(`a="${'x'.repeat(10_001)}"`)).toThrow('limited to');
  });

  it.each(['{alertname="Disk \\"full\\"", env=~"prod|st\\\\d", "service.name"!~"a\\nb", x!=""}', 'a=b'])(
    'formats %j so that it parses back unchanged',
    (text) => {
      const parsed = parseMatchers(text);
      expect(parseMatchers(formatMatchers(parsed))).toEqual(parsed);
      for (const matcher of parsed) expect(parseMatcher(formatMatcher(matcher))).toEqual(matcher);
    },
  );
});

describe('evaluation', () => {
  const subject = matchSubject({
    labels: { alertname: 'DiskFull', env: 'prod', instance: 'db-1:9100', severity: 'from-label' },
    severity: 'critical',
    platform: 'metrics_alerts',
    integrationId: '0192f3a0-0000-7000-8000-000000000001',
  });

  it.each<[string, boolean]>([
    // equality and negation
    ['alertname="DiskFull"', true],
    ['alertname="diskfull"', false],
    ['alertname!="DiskFull"', false],
    ['alertname!="CPU"', true],
    // regex, anchored at both ends as Alertmanager does
    ['alertname=~"Disk.*"', true],
    ['alertname=~"Disk"', false],
    ['alertname=~"Full"', false],
    ['alertname=~".*Full"', true],
    ['instance=~"db-\\d+:9100"', true],
    ['env=~"prod|staging"', true],
    ['env=~"pro|staging"', false],
    ['env!~"dev|staging"', true],
    ['env!~"prod"', false],
    // alternation is anchored as a whole, not only its first and last branch
    ['env=~"x|prod|y"', true],
    ['env=~"p|rod"', false],
    // a missing label is the empty string
    ['team=""', true],
    ['team!=""', false],
    ['team=~".*"', true],
    ['team=~".+"', false],
    ['team!~".+"', true],
    ['team!="platform"', true],
    ['team="platform"', false],
    // normalized fields, which win over labels of the same name
    ['severity="critical"', true],
    ['severity="from-label"', false],
    ['platform="metrics_alerts"', true],
    ['integration="0192f3a0-0000-7000-8000-000000000001"', true],
    ['{alertname="DiskFull", env=~"prod|staging", severity=~"critical|high"}', true],
    ['{alertname="DiskFull", env="staging"}', false],
    // a regex does not match across a line feed unless asked to
    ['alertname=~"(?s:.*)"', true],
  ])('%s → %p', (text, expected) => {
    expect(matchesAll(compileMatchers(parseMatchers(text)), subject)).toBe(expected);
  });

  it('does not treat inherited properties as labels', () => {
    expect(matchesAll(compileMatchers(parseMatchers('toString=~".+"')), {})).toBe(false);
    expect(matchesAll(compileMatchers(parseMatchers('constructor=""')), {})).toBe(true);
  });

  it('matches a line feed only where the regex allows it', () => {
    expect(matchesAll(compileMatchers(parseMatchers('text=~".*"')), { text: 'a\nb' })).toBe(false);
    expect(matchesAll(compileMatchers(parseMatchers('text=~"a\\nb"')), { text: 'a\nb' })).toBe(true);
  });

  it.each(['a=~"("', 'a=~"[z-a]"', 'a!~"x**"', 'a=~"(?<=x)y"', 'a=~"\\\\1"'])('refuses the invalid or non-linear regex %s', (text) => {
    expect(() => compileMatchers(parseMatchers(text))).toThrow(MatcherError);
    expect(() => compileMatchers(parseMatchers(text))).toThrow('invalid regular expression');
  });

  it.each([
    ['a program too large', 'a=~"' + 'x{1000}'.repeat(6) + '"', 'too large'],
    ['a regex over 1,000 characters', 'a=~"' + 'x'.repeat(1001) + '"', 'limited to 1000'],
  ])('refuses %s', (_what, text, reason) => {
    expect(() => compileMatchers(parseMatchers(text))).toThrow(reason);
  });

  it('accepts a long equality value and a regex of ordinary size', () => {
    expect(() => compileMatchers(parseMatchers('a="' + 'x'.repeat(5000) + '"'))).not.toThrow();
    expect(() => compileMatchers(parseMatchers('a=~"x{1000}|y{1000}|z{1000}"'))).not.toThrow();
  });

  it('runs a catastrophic-backtracking pattern in linear time, with the right answer', () => {
    // (a+)+$ backtracks exponentially in a backtracking engine on a long run of "a" ending in a non-match.
    const [matcher] = compileMatchers(parseMatchers('payload=~"(a+)+$"'));
    const [negated] = compileMatchers(parseMatchers('payload!~"(a+)+$"'));
    const long = 'a'.repeat(100_000);
    expect(matcher?.test(`${long}b`)).toBe(false);
    expect(negated?.test(`${long}b`)).toBe(true);
    expect(matcher?.test(long)).toBe(true);
    expect(matchesAll([matcher!], { payload: `${long}!` })).toBe(false);
  });

  it('evaluates a compiled matcher repeatedly with the same answers', () => {
    const compiled = compileMatcher(m('a', '!~', 'x+'));
    expect(['x', 'xx', 'y', '', 'x'].map((value) => compiled.test(value))).toEqual([false, false, true, true, false]);
  });
});

describe('matchesEmptyLabels', () => {
  it.each<[string, boolean]>([
    ['a=""', true],
    ['a=~".*"', true],
    ['{a=~".*", b!="x"}', true],
    ['a="x"', false],
    ['{a=~".*", b="x"}', false],
    ['a!=""', false],
  ])('%s → %p', (text, expected) => {
    expect(matchesEmptyLabels(compileMatchers(parseMatchers(text)))).toBe(expected);
  });
});
