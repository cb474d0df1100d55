import { formatMinutes, parseLabels } from '../../console/src/lib/paging-format.ts';

describe('formatMinutes', () => {
  it.each([
    [0, 'at once'],
    [0.05, '3 s'],
    [0.5, '30 s'],
    [1, '1 min'],
    [2.5, '2.5 min'],
    [119, '119 min'],
    [120, '2 h'],
    [1440, '24 h'],
  ])('%p minutes read as %p', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });
});

describe('parseLabels', () => {
  it.each([
    ['empty', '', {}, []],
    ['one per line, trimmed', ' service = db \nenv=prod\n\n', { service: 'db', env: 'prod' }, []],
    ['a value keeps later equals signs', 'query=a=b', { query: 'a=b' }, []],
    ['an empty value', 'env=', { env: '' }, []],
    ['the last of a name wins', 'env=dev\nenv=prod', { env: 'prod' }, []],
    ['a line without = is reported', 'service=db\noops', { service: 'db' }, ['oops']],
    ['a line without a name is reported', '=value', {}, ['=value']],
  ])('%s', (_name, text, labels, bad) => {
    expect(parseLabels(text)).toEqual({ labels, bad });
  });

  it('keeps a label named __proto__ as a label, not a prototype', () => {
    const { labels } = parseLabels('__proto__=x');
    expect(Object.keys(labels)).toEqual(['__proto__']);
    expect(JSON.stringify(labels)).toBe('{"__proto__":"x"}');
  });
});
