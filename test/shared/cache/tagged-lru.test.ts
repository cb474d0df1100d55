import { createTaggedLru } from '../../../shared/cache/tagged-lru.ts';

type Step =
  | { set: string; tags?: string[]; atEpoch?: 'before' }
  | { get: string }
  | { invalidate: string[] }
  | { advanceMs: number }
  | { clear: true };

/** Replays steps on a cache of 3 entries living 1000 ms; returns what it holds at the end. */
function replay(steps: Step[]) {
  let now = 0;
  const cache = createTaggedLru<string>({ maxEntries: 3, ttlMs: 1000, now: () => now });
  let epochBefore = cache.epoch;
  const stored: boolean[] = [];
  for (const step of steps) {
    if ('set' in step) stored.push(cache.set(step.set, `value of ${step.set}`, step.tags ?? [], step.atEpoch ? epochBefore : undefined));
    else if ('get' in step) cache.get(step.get);
    else if ('invalidate' in step) cache.invalidate(step.invalidate);
    else if ('advanceMs' in step) now += step.advanceMs;
    else {
      cache.clear();
    }
    if ('set' in step) epochBefore = cache.epoch;
  }
  const held = ['a', 'b', 'c', 'd'].filter((key) => cache.get(key) !== undefined);
  return { held, stored, size: cache.size };
}

describe('tagged LRU cache', () => {
  test.each<[string, Step[], string[]]>([
    ['holds what was set', [{ set: 'a' }, { set: 'b' }], ['a', 'b']],
    ['evicts the least recently set beyond its bound', [{ set: 'a' }, { set: 'b' }, { set: 'c' }, { set: 'd' }], ['b', 'c', 'd']],
    ['counts a read as a use when evicting', [{ set: 'a' }, { set: 'b' }, { set: 'c' }, { get: 'a' }, { set: 'd' }], ['a', 'c', 'd']],
    ['replaces an entry set twice without growing', [{ set: 'a' }, { set: 'a' }, { set: 'b' }, { set: 'c' }], ['a', 'b', 'c']],
    ['forgets entries past their TTL', [{ set: 'a' }, { advanceMs: 600 }, { set: 'b' }, { advanceMs: 400 }], ['b']],
    ['keeps an entry until exactly its TTL', [{ set: 'a' }, { advanceMs: 999 }], ['a']],
    [
      'drops every entry carrying an invalidated tag',
      [{ set: 'a', tags: ['user:1', 'org:1'] }, { set: 'b', tags: ['org:1'] }, { set: 'c', tags: ['user:2'] }, { invalidate: ['org:1'] }],
      ['c'],
    ],
    ['drops nothing for an unknown tag', [{ set: 'a', tags: ['user:1'] }, { invalidate: ['user:9'] }], ['a']],
    [
      'forgets the tags of an evicted entry',
      [{ set: 'a', tags: ['t'] }, { set: 'b' }, { set: 'c' }, { set: 'd' }, { set: 'a' }, { invalidate: ['t'] }],
      ['a', 'c', 'd'],
    ],
    ['drops the old tags of a replaced entry', [{ set: 'a', tags: ['old'] }, { set: 'a', tags: ['new'] }, { invalidate: ['old'] }], ['a']],
    ['empties on clear', [{ set: 'a' }, { set: 'b' }, { clear: true }], []],
  ])('%s', (_name, steps, held) => {
    expect(replay(steps).held).toEqual(held);
  });

  test.each<[string, Step[], boolean]>([
    ['stores a load when nothing was invalidated meanwhile', [{ set: 'a', atEpoch: 'before' }], true],
    [
      'refuses a load that raced an invalidation, even of another tag',
      [{ invalidate: ['user:1'] }, { set: 'a', atEpoch: 'before' }],
      false,
    ],
    ['refuses a load that raced a clear', [{ clear: true }, { set: 'a', atEpoch: 'before' }], false],
  ])('%s', (_name, steps, stored) => {
    const result = replay(steps);
    expect(result.stored.at(-1)).toBe(stored);
    expect(result.held).toEqual(stored ? ['a'] : []);
  });

  it('never holds more than its bound', () => {
    const cache = createTaggedLru<number>({ maxEntries: 100, ttlMs: 60_000 });
    for (let index = 0; index < 1000; index += 1) cache.set(`k${index}`, index, [`t${index % 7}`]);
    expect(cache.size).toBe(100);
    expect(cache.get('k999')).toBe(999);
    expect(cache.get('k899')).toBeUndefined();
  });
});
