/**
 * Values remembered for the keys seen last: up to `limit`, all forgotten at once when full. Where
 * keys repeat in bursts (a search's candidates, a schedule's conversions, a webhook's template) this
 * keeps the work of one burst without an LRU's bookkeeping on every hit.
 */
export class RecentMemo<V> {
  readonly #values = new Map<string, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** The value kept for `key`, else `compute()`'s, kept (a throw keeps nothing). */
  get(key: string, compute: () => V): V {
    const known = this.#values.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (this.#values.size >= this.#limit) this.#values.clear();
    this.#values.set(key, value);
    return value;
  }

  get size(): number {
    return this.#values.size;
  }
}
