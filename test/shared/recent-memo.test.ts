import { RecentMemo } from '../../shared/recent-memo.ts';

describe('RecentMemo', () => {
  it('computes a key once while it is kept, and forgets every key at once when full', () => {
    const computed: string[] = [];
    const memo = new RecentMemo<string>(2);
    const get = (key: string) => memo.get(key, () => (computed.push(key), key.toUpperCase()));
    expect([get('a'), get('b'), get('a'), get('b')]).toEqual(['A', 'B', 'A', 'B']);
    expect(computed).toEqual(['a', 'b']);
    // Full: a third key empties the memo before it is kept.
    expect(get('c')).toBe('C');
    expect(memo.size).toBe(1);
    expect([get('a'), get('c')]).toEqual(['A', 'C']);
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps nothing for a computation that throws', () => {
    const memo = new RecentMemo<number>(4);
    expect(() =>
      memo.get('bad', () => {
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(memo.size).toBe(0);
    expect(memo.get('bad', () => 7)).toBe(7);
  });
});
