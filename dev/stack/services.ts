// The one launcher of PostgreSQL, Temporal and Elasticsearch for `npm start`, the integration tests,
// the benchmarks, the fault suite and the contract suite. A service is started here (embedded
// PostgreSQL, the Temporal dev server or server, Elasticsearch from the tool cache) or used as
// configured (a URL or address); every started one can be killed and started again on the same data
// and port.
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toolCacheDir } from '../../shared/load-config.ts';
import type { ServiceOptions } from './handle.ts';
import { planStack, type ServiceName, type StackSpec } from './plan.ts';
import {
  elasticsearchHandle,
  postgresHandle,
  temporalHandle,
  type ElasticsearchHandle,
  type PostgresHandle,
  type TemporalHandle,
} from './service-handles.ts';

export type { ServiceHandle } from './handle.ts';
export type { ElasticsearchHandle, PostgresHandle, TemporalHandle };

export interface Stack {
  postgres: PostgresHandle;
  temporal: TemporalHandle;
  elasticsearch: ElasticsearchHandle;
  /** Stops what this stack started, last started first, then drops what it created in configured servers. */
  stop(): Promise<void>;
}

export interface StackOptions {
  /** One line of a service's output or of the launcher's progress, with the service it is about. */
  log?: (line: string, service: ServiceName) => void;
  cacheDir?: string;
}

/** A fresh directory under the system's temporary one, enterable by the system users PostgreSQL and Elasticsearch run as under root. */
export async function temporaryRoot(prefix: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  await chmod(root, 0o755);
  return root;
}

/**
 * Starts the declared services, independent ones in parallel, and waits until each serves. When
 * one fails to start, those already up are stopped before the first error is thrown.
 */
export async function startStack(spec: StackSpec, stackOptions: StackOptions = {}): Promise<Stack> {
  const plan = planStack(spec);
  const options: ServiceOptions = { log: stackOptions.log ?? (() => undefined), cacheDir: stackOptions.cacheDir ?? toolCacheDir() };
  const postgres = postgresHandle(spec, plan.services.postgres.dataDir, options);
  const handles = {
    postgres,
    temporal: temporalHandle(spec, plan.services.temporal.dataDir, postgres, options),
    elasticsearch: elasticsearchHandle(spec, plan.services.elasticsearch.dataDir, options),
  };
  const stop = async () => {
    const failures: unknown[] = [];
    // Each started service's stop is a no-op while it is down; a configured PostgreSQL's drops what the stack created there.
    const order = [...plan.stopOrder, ...(postgres.action === 'use' ? (['postgres'] as const) : [])];
    for (const name of order) await handles[name].stop().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw new AggregateError(failures, `stopping the stack: ${failures.map(String).join('; ')}`);
  };
  for (const wave of plan.waves) {
    const results = await Promise.allSettled(wave.map((name) => handles[name].start()));
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) {
      await stop().catch((error: unknown) => options.log(`stop after a failed start: ${String(error)}`, wave[0] as ServiceName));
      throw failed.reason;
    }
  }
  return { ...handles, stop };
}
