// Mapping templates evaluated in a thread of their own (json-mapping.ts): however a tenant's template
// behaves on a sender's payload, it runs here, not on the event loop that takes other webhooks.
import { constants, setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { compileMapping, evaluateMapping, MappingError, type CompiledMapping } from '../alerts/json-mapping.ts';
import type { JsonMappingLimits } from '../domain/compute-limits.ts';
import type { MappingJob, MappingReply } from './json-mapping.ts';
import { serveThreadPool } from './thread-pool.ts';
import { RecentMemo } from '../recent-memo.ts';

try {
  setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // Not permitted or not supported: the limits still hold.
}

const limits = workerData as JsonMappingLimits;
// Templates change rarely and webhooks repeat: the last few compiled ones are kept.
const compiled = new RecentMemo<CompiledMapping>(64);

serveThreadPool<MappingJob, MappingReply>(async (job) => {
  try {
    const mapping = compiled.get(job.template, () => compileMapping(job.template, limits));
    const result = await evaluateMapping(mapping, job.body);
    // Plain JSON only crosses back (a template may return a function or a JSONata sequence).
    const json = JSON.stringify(result);
    return { ok: true, result: json === undefined ? undefined : (JSON.parse(json) as unknown) };
  } catch (error) {
    if (error instanceof MappingError) return { ok: false, stage: error.stage, problem: error.problem };
    return { ok: false, stage: 'evaluate', problem: { code: 'ERROR', message: String(error), position: null, token: null } };
  }
});
