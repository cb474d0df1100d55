import { findUnstorableText, isStorableText, toStorableJson } from '../../shared/text-safety.ts';

describe('text PostgreSQL can store', () => {
  it.each([
    ['plain', true],
    ['ünïcødé 🔐', true],
    ['nul\u0000inside', false],
    ['lone \ud800 high surrogate', false],
    ['lone \udc00 low surrogate', false],
    ['pair \ud83d\udd10 ok', true],
  ])('%j storable: %s', (value, storable) => {
    expect(isStorableText(value)).toBe(storable);
  });

  it('finds the path of the first bad string, keys included', () => {
    expect(findUnstorableText({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findUnstorableText({ ['k\ud800']: 1 })).toEqual(['k\ud800']);
    expect(findUnstorableText({ a: [1, true, null, 'fine'] })).toBeNull();
  });

  it('repairs a JSON value so every string is storable, leaving good ones untouched', () => {
    const repaired = toStorableJson({ title: 'disk\u0000full', tags: ['\ud800', 'ok'], ['bad\udc00key']: 2, n: 3 });
    expect(findUnstorableText(repaired)).toBeNull();
    expect(repaired).toEqual({ title: 'disk\uFFFDfull', tags: ['\uFFFD', 'ok'], ['bad\uFFFDkey']: 2, n: 3 });
  });
});
