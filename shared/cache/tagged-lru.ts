/**
 * A bounded map, evicting about the least recently used first (CLOCK), whose entries carry tags
 * (e.g. `user:<id>`) and a time to live. Invalidating a tag drops every entry carrying it. Pure: no I/O, the clock is injected.
 *
 * `epoch` counts invalidations and clears. A caller that loads a value from the database reads the
 * epoch first and passes it to `set`; the value is refused when anything was invalidated meanwhile,
 * since the load may have read the row before the change that invalidation announced.
 */
export interface TaggedLru<V> {
  get(key: string): V | undefined;
  /** Stores unless `loadedAtEpoch` is given and an invalidation happened since; true when stored. */
  set(key: string, value: V, tags: readonly string[], loadedAtEpoch?: number): boolean;
  /** Drops every entry carrying one of `tags`; the number dropped. */
  invalidate(tags: readonly string[]): number;
  clear(): void;
  readonly epoch: number;
  readonly size: number;
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
  expiresAt: number;
  /** Read since it was last stored or passed over for eviction. */
  used: boolean;
}

export function createTaggedLru<V>(options: { maxEntries: number; ttlMs: number; now?: () => number }): TaggedLru<V> {
  if (!(options.maxEntries >= 1)) throw new RangeError('maxEntries must be at least 1');
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order. A hit only marks its entry (re-inserting on every hit costs
  // ten times the lookup); eviction gives a marked entry a second chance at the back (CLOCK).
  const entries = new Map<string, Entry<V>>();
  const keysByTag = new Map<string, Set<string>>();
  let epoch = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      entry.used = true;
      return entry.value;
    },

    set(key, value, tags, loadedAtEpoch) {
      if (loadedAtEpoch !== undefined && loadedAtEpoch !== epoch) return false;
      remove(key);
      entries.set(key, { value, tags: [...tags], expiresAt: now() + options.ttlMs, used: false });
      for (const tag of tags) {
        let keys = keysByTag.get(tag);
        if (!keys) keysByTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      while (entries.size > options.maxEntries) {
        const [oldestKey, oldest] = entries.entries().next().value as [string, Entry<V>];
        if (!oldest.used) {
          remove(oldestKey);
          continue;
        }
        oldest.used = false;
        entries.delete(oldestKey);
        entries.set(oldestKey, oldest);
      }
      return true;
    },

    invalidate(tags) {
      epoch += 1;
      let dropped = 0;
      for (const tag of tags) {
        for (const key of [...(keysByTag.get(tag) ?? [])]) {
          remove(key);
          dropped += 1;
        }
      }
      return dropped;
    },

    clear() {
      epoch += 1;
      entries.clear();
      keysByTag.clear();
    },

    get epoch() {
      return epoch;
    },

    get size() {
      return entries.size;
    },
  };
}
