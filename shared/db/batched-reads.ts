/**
 * Single-row reads that go to the database together: the calls made in one turn of the event loop,
 * or while `maxInFlight` batches are already out, are sent as one `fetch`. A call only ever joins
 * a batch not yet sent, so it reads what was committed before it was made, as a statement of its
 * own would; under load, concurrent reads share one round trip and one plan instead of one each.
 */
export interface BatchedReads<K, V> {
  load(key: K): Promise<V | undefined>;
}

export interface BatchedReadsOptions<K, V> {
  /** The rows of these keys, in any order; a key without a row is simply absent. */
  fetch: (keys: K[]) => Promise<V[]>;
  /** Identity of a key (calls for the same key in one batch share a row). */
  keyOf: (key: K) => string;
  /** The key a fetched row answers. */
  rowKey: (row: V) => string;
  maxBatch?: number;
  maxInFlight?: number;
}

interface Waiting<K, V> {
  key: K;
  callers: Array<{ resolve: (row: V | undefined) => void; reject: (error: unknown) => void }>;
}

export function createBatchedReads<K, V>(options: BatchedReadsOptions<K, V>): BatchedReads<K, V> {
  const maxBatch = options.maxBatch ?? 64;
  const maxInFlight = options.maxInFlight ?? 4;
  let waiting = new Map<string, Waiting<K, V>>();
  let inFlight = 0;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || inFlight >= maxInFlight || waiting.size === 0) return;
    scheduled = true;
    // After the I/O callbacks of this turn: the requests parsed in it join the same batch.
    setImmediate(send);
  };

  function send(): void {
    scheduled = false;
    while (waiting.size > 0 && inFlight < maxInFlight) sendOne();
  }

  function sendOne(): void {
    let batch: Waiting<K, V>[];
    if (waiting.size <= maxBatch) {
      batch = [...waiting.values()];
      waiting = new Map();
    } else {
      batch = [];
      for (const [id, entry] of waiting) {
        if (batch.length === maxBatch) break;
        batch.push(entry);
        waiting.delete(id);
      }
    }
    inFlight += 1;
    const settle = (answer: (entry: Waiting<K, V>) => void) => {
      inFlight -= 1;
      for (const entry of batch) answer(entry);
      schedule();
    };
    options.fetch(batch.map((entry) => entry.key)).then(
      (rows) => {
        const byKey = new Map(rows.map((row) => [options.rowKey(row), row]));
        settle((entry) => {
          const row = byKey.get(options.keyOf(entry.key));
          for (const caller of entry.callers) caller.resolve(row);
        });
      },
      (error: unknown) => settle((entry) => entry.callers.forEach((caller) => caller.reject(error))),
    );
  }

  return {
    load(key) {
      return new Promise<V | undefined>((resolve, reject) => {
        const id = options.keyOf(key);
        let entry = waiting.get(id);
        if (!entry) {
          entry = { key, callers: [] };
          waiting.set(id, entry);
        }
        entry.callers.push({ resolve, reject });
        schedule();
      });
    },
  };
}
