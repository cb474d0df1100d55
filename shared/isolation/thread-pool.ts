import { parentPort, Worker } from 'node:worker_threads';

/** What a pool's thread sends: `{ ready: true }` once it has loaded (boot time is no job's), then a reply per job. */
type ThreadMessage<Reply> = { ready: true } | { id: number; reply: Reply };

export interface ThreadPoolOptions {
  /** The thread's module; it calls `serveThreadPool`. */
  script: URL;
  workerData?: unknown;
  threads: number;
  /** A job running longer costs its thread: terminated and replaced, the job failed with `errors.time()`. */
  hardMs: number;
  /** The thread's V8 heap; past it the thread dies (`errors.memory()`), not the process. */
  maxHeapMb: number;
  errors: { time(): Error; memory(): Error; failed(error: Error): Error; exited(): Error };
}

export interface ThreadPool<Job, Reply> {
  /** The thread's reply to `job`; jobs wait in order for a free thread. */
  run(job: Job): Promise<Reply>;
  close(): Promise<void>;
}

interface Pending<Job, Reply> {
  id: number;
  job: Job;
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

/**
 * `threads` long-lived threads, each running one job at a time (the others queue in order), so a
 * job pays for its work and not for a thread's start. A thread still running a job after `hardMs`,
 * or past its heap, is terminated and replaced, failing only that job. Threads start with the first
 * job, and an idle pool never holds the process open.
 */
export function createThreadPool<Job, Reply>(options: ThreadPoolOptions): ThreadPool<Job, Reply> {
  const queue: Array<Pending<Job, Reply>> = [];
  let nextId = 1;
  let closed = false;
  let started = false;

  interface Slot {
    thread: Worker;
    ready: boolean;
    current?: Pending<Job, Reply> & { timer: NodeJS.Timeout };
  }
  const slots: Slot[] = [];

  const spawn = (): Slot => {
    const slot: Slot = {
      thread: new Worker(options.script, {
        workerData: options.workerData,
        resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
      }),
      ready: false,
    };
    slot.thread.on('message', (message: ThreadMessage<Reply>) => {
      if ('ready' in message) {
        slot.ready = true;
        pump();
        return;
      }
      const current = slot.current;
      if (!current || current.id !== message.id) return;
      clearTimeout(current.timer);
      slot.current = undefined;
      current.resolve(message.reply);
      pump();
    });
    slot.thread.on('error', (error: Error & { code?: string }) =>
      replace(slot, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? options.errors.memory() : options.errors.failed(error)),
    );
    slot.thread.on('exit', () => {
      if (slots.includes(slot)) replace(slot, options.errors.exited());
    });
    // After the listeners (adding a 'message' listener refs the thread's port again); pump() refs
    // it while there is work.
    slot.thread.unref();
    return slot;
  };

  /** Fails the slot's job with `error`, and puts a new thread in its place. */
  function replace(slot: Slot, error: Error): void {
    const current = slot.current;
    slot.current = undefined;
    if (current) {
      clearTimeout(current.timer);
      current.reject(error);
    }
    const index = slots.indexOf(slot);
    if (index !== -1) slots.splice(index, 1);
    void slot.thread.terminate();
    if (!slot.ready) {
      // It could not even start: no retry loop; the queued jobs fail and the next one tries again.
      for (const pending of queue.splice(0)) pending.reject(error);
      if (slots.length === 0) started = false;
      return;
    }
    if (!closed) slots.push(spawn());
    pump();
  }

  const pump = () => {
    for (const slot of slots) {
      if (!slot.ready || slot.current || queue.length === 0) continue;
      const pending = queue.shift() as Pending<Job, Reply>;
      const timer = setTimeout(() => replace(slot, options.errors.time()), options.hardMs);
      timer.unref();
      slot.current = { ...pending, timer };
      slot.thread.postMessage({ id: pending.id, job: pending.job });
    }
    for (const slot of slots) {
      if (slot.current || queue.length > 0) slot.thread.ref();
      else slot.thread.unref();
    }
  };

  return {
    run(job) {
      if (closed) return Promise.reject(new Error('the thread pool is closed'));
      if (!started) {
        started = true;
        for (let i = 0; i < Math.max(1, options.threads); i += 1) slots.push(spawn());
      }
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('the thread pool is closed'));
      await Promise.all(slots.splice(0).map((slot) => slot.thread.terminate()));
    },
  };
}

/** A pool thread's side: says it is ready, then answers each job with `handle`'s reply. */
export function serveThreadPool<Job, Reply>(handle: (job: Job) => Reply | Promise<Reply>): void {
  const port = parentPort;
  if (!port) throw new Error('serveThreadPool runs in a worker thread');
  port.on('message', ({ id, job }: { id: number; job: Job }) => {
    void (async () => port.postMessage({ id, reply: await handle(job) } satisfies ThreadMessage<Reply>))();
  });
  port.postMessage({ ready: true } satisfies ThreadMessage<Reply>);
}
