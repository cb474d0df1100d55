import { join, resolve } from 'node:path';
import type { LoadedConfig } from '../shared/load-config.ts';
import { installElasticsearch, startElasticsearch } from './elasticsearch.ts';
import { freePort } from '../shared/net/free-port.ts';
import { installPgvector } from './pgvector.ts';
import { startEmbeddedPostgres } from './postgres.ts';
import { resolveTemporalCli, startTemporalDevServer } from './temporal.ts';

export interface LocalEnvironment {
  /** Variables for the API and worker processes: configured ones win, local ones fill the gaps. */
  env: Record<string, string>;
  temporalUiUrl: string | null;
  stop(): Promise<void>;
}

/**
 * Starts what the configuration leaves unset: embedded PostgreSQL in DATA_DIR/postgres, the
 * Temporal dev server with a SQLite file in DATA_DIR; the secrets loadConfig resolved pass on. Elasticsearch only
 * when asked (`elasticsearch: true`; it needs Java and a first download from Maven Central):
 * otherwise, with ELASTICSEARCH_URL unset, search runs on PostgreSQL.
 */
export async function startLocalEnvironment(
  config: LoadedConfig,
  log: (message: string) => void,
  options: { elasticsearch?: boolean } = {},
): Promise<LocalEnvironment> {
  const dataDir = resolve(config.DATA_DIR);
  const env: Record<string, string> = { DATA_DIR: dataDir };
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    // Reverse start order: Temporal before the database nothing else needs any more.
    for (const fn of stops.reverse()) await fn().catch((error) => log(`stop failed: ${String(error)}`));
    stops.length = 0;
  };
  try {
    if (!config.DATABASE_URL) {
      // pgvector (a PyPI download the first time) lets semantic search use an HNSW index; without it, an exact scan.
      const pgvectorDir = await installPgvector({ cacheDir: config.toolCacheDir, log: (message) => log(`postgres: ${message}`) }).catch(
        (error: unknown) => {
          log(
            `postgres: pgvector not installed, semantic search scans exactly (${error instanceof Error ? error.message : String(error)})`,
          );
          return null;
        },
      );
      log('postgres: starting embedded PostgreSQL');
      const postgres = await startEmbeddedPostgres({ dataDir: join(dataDir, 'postgres'), log, pgvectorDir });
      stops.push(() => postgres.stop());
      env.DATABASE_URL = postgres.url;
    }
    let temporalUiUrl: string | null = null;
    if (!config.TEMPORAL_ADDRESS) {
      const cliPath = await resolveTemporalCli({ explicitPath: config.TEMPORAL_CLI_PATH, cacheDir: config.toolCacheDir, log });
      log(`temporal: starting the dev server (${cliPath})`);
      const temporal = await startTemporalDevServer({
        cliPath,
        dataDir,
        namespace: config.TEMPORAL_NAMESPACE,
        port: 7233,
        uiPort: config.TEMPORAL_UI_PORT,
        log,
      });
      stops.push(() => temporal.stop());
      env.TEMPORAL_ADDRESS = temporal.address;
      temporalUiUrl = temporal.uiUrl;
    }
    if (options.elasticsearch && !config.ELASTICSEARCH_URL) {
      const { home } = await installElasticsearch({ cacheDir: config.toolCacheDir, log });
      log('elasticsearch: starting (first start takes a minute)');
      // 9200 when free, so the URL usually stays the same between runs.
      const es = await startElasticsearch({ home, dataDir: join(dataDir, 'elasticsearch'), port: await freePort(9200), log });
      stops.push(() => es.stop());
      env.ELASTICSEARCH_URL = es.url;
    }
    // Configured or the development ones loadConfig derived: the children use the same.
    env.JWT_SECRET = config.JWT_SECRET;
    env.ENCRYPTION_KEY = config.ENCRYPTION_KEY;
    return { env, temporalUiUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
