import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../dev/postgres.ts';
import { resolveTemporalCli, startTemporalDevServer } from '../../dev/temporal.ts';
import { toolCacheDir } from '../../shared/load-config.ts';

/** Environment variables through which the integration tests find the real servers. */
export const TEST_ENV = {
  postgresAdminUrl: 'TOCSIN_TEST_POSTGRES_ADMIN_URL',
  temporalAddress: 'TOCSIN_TEST_TEMPORAL_ADDRESS',
  temporalCliPath: 'TEMPORAL_CLI_PATH',
  elasticsearchUrl: 'ELASTICSEARCH_URL',
} as const;

/**
 * Starts one real PostgreSQL, one Temporal dev server and (when installed, unless `elasticsearch`
 * is false) one Elasticsearch for the whole run; each test file then takes its own database and
 * task queue. Servers given in the environment (DATABASE_URL, TEMPORAL_ADDRESS,
 * ELASTICSEARCH_URL) are used instead.
 */
export async function startTestServices(
  log: (message: string) => void,
  options: { elasticsearch?: boolean } = {},
): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'tocsin-test-'));
  // PostgreSQL and Elasticsearch run as their own system users when we are root.
  await chmod(root, 0o755);
  const stops: Array<() => Promise<void>> = [];
  const cacheDir = toolCacheDir();

  const pending: Promise<void>[] = [];
  if (process.env.DATABASE_URL) {
    const admin = new URL(process.env.DATABASE_URL);
    admin.pathname = '/postgres';
    process.env[TEST_ENV.postgresAdminUrl] = admin.toString();
  } else {
    pending.push(
      startEmbeddedPostgres({ dataDir: join(root, 'postgres'), log }).then((postgres) => {
        stops.push(() => postgres.stop());
        process.env[TEST_ENV.postgresAdminUrl] = postgres.url.replace(/\/tocsin$/, '/postgres');
      }),
    );
  }
  if (process.env.TEMPORAL_ADDRESS) {
    process.env[TEST_ENV.temporalAddress] = process.env.TEMPORAL_ADDRESS;
  } else {
    pending.push(
      (async () => {
        const cliPath = await resolveTemporalCli({ explicitPath: process.env.TEMPORAL_CLI_PATH, cacheDir, log });
        process.env[TEST_ENV.temporalCliPath] = cliPath;
        const temporal = await startTemporalDevServer({
          cliPath,
          dataDir: join(root, 'temporal'),
          namespace: 'default',
          uiPort: null,
          log,
        });
        stops.push(() => temporal.stop());
        process.env[TEST_ENV.temporalAddress] = temporal.address;
      })(),
    );
  }
  if (!process.env.ELASTICSEARCH_URL && (options.elasticsearch ?? true)) {
    pending.push(
      (async () => {
        const { installElasticsearch, startElasticsearch } = await import('../../dev/elasticsearch.ts');
        const { home } = await installElasticsearch({ cacheDir, log });
        const elasticsearch = await startElasticsearch({ home, dataDir: join(root, 'elasticsearch'), heapMb: 512, log });
        stops.push(() => elasticsearch.stop());
        process.env[TEST_ENV.elasticsearchUrl] = elasticsearch.url;
      })(),
    );
  }
  const results = await Promise.allSettled(pending);
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  };
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw (failed as PromiseRejectedResult).reason;
  }
  return stopAll;
}
