import { MappingError, type MappingProblem } from '../alerts/json-mapping.ts';
import { JSON_MAPPING_LIMITS, type JsonMappingLimits } from '../domain/compute-limits.ts';
import { createThreadPool } from './thread-pool.ts';

export interface MappingJob {
  template: string;
  body: unknown;
}

export type MappingReply = { ok: true; result: unknown } | { ok: false; stage: 'compile' | 'evaluate'; problem: MappingProblem };

/** Evaluates a template on a body away from the caller's event loop; MappingError when it fails. */
export type MappingRunner = {
  evaluate(template: string, body: unknown): Promise<unknown>;
  close(): Promise<void>;
};

const cutOff = (code: string, message: string): MappingError =>
  new MappingError('evaluate', { code, message, position: null, token: null });

/**
 * `threads` long-lived threads, each evaluating one template at a time (the others queue in
 * order). JSONata checks the time and depth limits itself; a thread that still runs past
 * `hardMs` (one huge built-in call) or its heap is terminated and replaced, failing only its job.
 */
export function createMappingRunner(options: { threads?: number; limits?: JsonMappingLimits } = {}): MappingRunner {
  const limits = options.limits ?? JSON_MAPPING_LIMITS;
  // Threads start with the first mapping: a process without generic_json integrations has none.
  const pool = createThreadPool<MappingJob, MappingReply>({
    script: new URL('./json-mapping.thread.ts', import.meta.url),
    workerData: limits,
    threads: options.threads ?? 2,
    hardMs: limits.hardMs,
    maxHeapMb: limits.maxHeapMb,
    errors: {
      time: () => cutOff('D1012', `ran for more than ${limits.hardMs} ms and was stopped`),
      memory: () => cutOff('MEMORY', `needed more than ${limits.maxHeapMb} MiB and was stopped`),
      failed: () => cutOff('ERROR', 'the mapping thread failed'),
      exited: () => cutOff('ERROR', 'the mapping thread exited'),
    },
  });
  return {
    async evaluate(template, body) {
      const reply = await pool.run({ template, body });
      if (!reply.ok) throw new MappingError(reply.stage, reply.problem);
      return reply.result;
    },
    close: () => pool.close(),
  };
}
