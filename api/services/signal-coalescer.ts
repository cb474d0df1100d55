/**
 * Group commit for signals: at most one send in flight per key (a bucket workflow id); what
 * callers submit for a key meanwhile is queued and goes out together in the next send. An idle key
 * is sent at once, so nothing waits on a timer; under load, the longer a send takes, the more the
 * next one carries, and Temporal sees fewer, larger signals. Each caller's promise settles when the
 * send carrying its items has settled (so nothing is acknowledged that Temporal does not hold), and
 * a key's items go out in submission order.
 */
export interface SignalCoalescer<T> {
  submit(key: string, items: T[]): Promise<void>;
}

interface Submission<T> {
  items: T[];
  resolve(): void;
  reject(error: unknown): void;
}

export function createSignalCoalescer<T>(
  send: (key: string, items: T[]) => Promise<void>,
  options: { maxItems: number },
): SignalCoalescer<T> {
  const queued = new Map<string, Submission<T>[]>();
  const sending = new Set<string>();

  /** The next send's submissions: whole ones, up to maxItems items (at least one submission). */
  function takeBatch(key: string): Submission<T>[] {
    const queue = queued.get(key) ?? [];
    let count = 0;
    let taken = 0;
    while (taken < queue.length && (taken === 0 || count + (queue[taken] as Submission<T>).items.length <= options.maxItems)) {
      count += (queue[taken] as Submission<T>).items.length;
      taken += 1;
    }
    const batch = queue.splice(0, taken);
    if (queue.length === 0) queued.delete(key);
    return batch;
  }

  async function drain(key: string): Promise<void> {
    sending.add(key);
    try {
      while (queued.has(key)) {
        const batch = takeBatch(key);
        try {
          await send(
            key,
            batch.flatMap((submission) => submission.items),
          );
          for (const submission of batch) submission.resolve();
        } catch (error) {
          for (const submission of batch) submission.reject(error);
        }
      }
    } finally {
      sending.delete(key);
    }
  }

  return {
    submit(key, items) {
      return new Promise<void>((resolve, reject) => {
        const queue = queued.get(key) ?? [];
        queue.push({ items, resolve, reject });
        queued.set(key, queue);
        if (!sending.has(key)) void drain(key);
      });
    },
  };
}
