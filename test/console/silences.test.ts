import { equalityMatcher, fromLocalInput, matcherLines, matchersFromLabels, windowRule } from '../../console/src/lib/silences.ts';
import { parseWindowRule } from '../../shared/domain/maintenance-window.ts';
import { parseMatcher } from '../../shared/domain/matchers.ts';

describe('the console silence form helpers', () => {
  it.each([
    ['a plain label', 'alertname', 'DiskFull', 'alertname="DiskFull"'],
    ['quotes and backslashes in the value', 'summary', 'say "hi" \\o/', 'summary="say \\"hi\\" \\\\o/"'],
    ['a newline in the value', 'note', 'a\nb', 'note="a\\nb"'],
    ['a name with a dot is quoted', 'service.name', 'api', '"service.name"="api"'],
    ['an empty value', 'team', '', 'team=""'],
  ])('%s: the matcher text the API reads back as the same label and value', (_, name, value, text) => {
    expect(equalityMatcher(name, value)).toBe(text);
    expect(parseMatcher(text)).toEqual({ name, operator: '=', value });
  });

  it('prefills one equality matcher per label, in name order', () => {
    expect(matchersFromLabels({ job: 'node', alertname: 'InstanceDown', instance: 'web-1:9100' })).toEqual([
      'alertname="InstanceDown"',
      'instance="web-1:9100"',
      'job="node"',
    ]);
    expect(matchersFromLabels({})).toEqual([]);
  });

  it('reads one matcher per line, blank lines ignored', () => {
    expect(matcherLines(' a="1" \n\n  b=~"2|3"\n')).toEqual(['a="1"', 'b=~"2|3"']);
    expect(matcherLines('\n  \n')).toEqual([]);
  });

  it('turns a datetime-local value into an instant, and nothing into nothing', () => {
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('not a date')).toBeUndefined();
    expect(fromLocalInput('2027-03-01T22:00')).toBe(new Date(2027, 2, 1, 22, 0).toISOString());
  });

  it.each([
    ['none', '2027-01-02T23:00', '', null],
    ['daily', '2027-01-02T23:00', '', 'FREQ=DAILY'],
    ['weekdays', '2027-01-02T23:00', '', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    // 2 January 2027 is a Saturday, 3 January a Sunday.
    ['weekly', '2027-01-02T23:00', '', 'FREQ=WEEKLY;BYDAY=SA'],
    ['weekly', '2027-01-03T00:30', '', 'FREQ=WEEKLY;BYDAY=SU'],
    ['custom', '2027-01-02T23:00', ' FREQ=MONTHLY;BYMONTHDAY=1 ', 'FREQ=MONTHLY;BYMONTHDAY=1'],
    ['custom', '2027-01-02T23:00', '  ', null],
  ] as const)('repeat %s from %s gives the rule the API accepts', (repeat, start, custom, rule) => {
    expect(windowRule(repeat, start, custom)).toBe(rule);
    if (rule) expect(() => parseWindowRule(rule)).not.toThrow();
  });
});
