import { Worker } from 'node:worker_threads';
import { MappingError, type MappingProblem } from '../alerts/json-mapping.ts';
import { JSON_MAPPING_LIMITS, type JsonMappingLimits } from '../domain/compute-limits.ts';

export interface MappingJob {
  id: number;
  template: string;
  body: unknown;
}

/** A thread's first message: it has loaded JSONata and takes jobs (boot time is not a job's). */
export interface MappingThreadReady {
  ready: true;
}

export type MappingReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; stage: 'compile' | 'evaluate'; problem: MappingProblem };

/** Evaluates a template on a body away from the caller's event loop; MappingError when it fails. */
export type MappingRunner = {
  evaluate(template: string, body: unknown): Promise<unknown>;
  close(): Promise<void>;
};

interface Pending {
  job: MappingJob;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

const cutOff = (code: string, message: string): MappingError =>
  new MappingError('evaluate', { code, message, position: null, token: null });

/**
 * `threads` long-lived threads, each evaluating one template at a time (the others queue in
 * order). JSONata checks the time and depth limits itself; a thread that still runs past
 * `hardMs` (one huge built-in call) or its heap is terminated and replaced, failing only its job.
 */
export function createMappingRunner(options: { threads?: number; limits?: JsonMappingLimits } = {}): MappingRunner {
  const limits = options.limits ?? JSON_MAPPING_LIMITS;
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;
  let started = false;

  interface Slot {
    thread: Worker;
    ready: boolean;
    current?: Pending & { timer: NodeJS.Timeout };
  }
  const slots: Slot[] = [];

  const spawn = (): Slot => {
    const slot: Slot = {
      thread: new Worker(new URL('./json-mapping.thread.ts', import.meta.url), {
        workerData: limits,
        resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
      }),
      ready: false,
    };
    slot.thread.on('message', (reply: MappingReply | MappingThreadReady) => {
      if ('ready' in reply) {
        slot.ready = true;
        pump();
        return;
      }
      const current = slot.current;
      if (!current || current.job.id !== reply.id) return;
      clearTimeout(current.timer);
      slot.current = undefined;
      if (reply.ok) current.resolve(reply.result);
      else current.reject(new MappingError(reply.stage, reply.problem));
      pump();
    });
    slot.thread.on('error', (error: Error & { code?: string }) =>
      replace(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? cutOff('MEMORY', `needed more than ${limits.maxHeapMb} MiB and was stopped`)
          : cutOff('ERROR', 'the mapping thread failed'),
      ),
    );
    slot.thread.on('exit', () => {
      if (slots.includes(slot)) replace(slot, cutOff('ERROR', 'the mapping thread exited'));
    });
    // After the listeners (adding a 'message' listener refs the thread's port again); pump() refs
    // it while there is work, so an idle runner never holds the process open.
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
      const pending = queue.shift() as Pending;
      const timer = setTimeout(
        () => replace(slot, cutOff('D1012', `ran for more than ${limits.hardMs} ms and was stopped`)),
        limits.hardMs,
      );
      timer.unref();
      slot.current = { ...pending, timer };
      slot.thread.postMessage(pending.job);
    }
    for (const slot of slots) {
      if (slot.current || queue.length > 0) slot.thread.ref();
      else slot.thread.unref();
    }
  };

  return {
    evaluate(template, body) {
      if (closed) return Promise.reject(new Error('the mapping runner is closed'));
      // Threads start with the first mapping: a process without generic_json integrations has none.
      if (!started) {
        started = true;
        for (let i = 0; i < Math.max(1, options.threads ?? 2); i += 1) slots.push(spawn());
      }
      return new Promise((resolve, reject) => {
        queue.push({ job: { id: nextId++, template, body }, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('the mapping runner is closed'));
      await Promise.all(slots.splice(0).map((slot) => slot.thread.terminate()));
    },
  };
}
