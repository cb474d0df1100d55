import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { servicesFromConfig, type TemporalKind } from '../../dev/stack/plan.ts';
import { startStack, temporaryRoot } from '../../dev/stack/services.ts';

/** Environment variables through which the integration tests find the real servers. */
export const TEST_ENV = {
  postgresAdminUrl: 'TOCSIN_TEST_POSTGRES_ADMIN_URL',
  temporalAddress: 'TOCSIN_TEST_TEMPORAL_ADDRESS',
  temporalCliPath: 'TEMPORAL_CLI_PATH',
  elasticsearchUrl: 'ELASTICSEARCH_URL',
} as const;

/**
 * Starts one real PostgreSQL, one Temporal dev server and (unless `elasticsearch` is false) one
 * Elasticsearch for the whole run (dev/stack); each test file then takes its own database and
 * task queue. Servers given in the environment (DATABASE_URL, TEMPORAL_ADDRESS,
 * ELASTICSEARCH_URL) are used instead. `temporal: 'server'` starts the Temporal server on that
 * PostgreSQL whatever TEMPORAL_ADDRESS says.
 */
export async function startTestServices(
  log: (message: string) => void,
  options: { elasticsearch?: boolean; temporal?: TemporalKind } = {},
): Promise<() => Promise<void>> {
  const root = await temporaryRoot('tocsin-test-');
  const declared = servicesFromConfig(process.env, { elasticsearch: options.elasticsearch ?? true, temporal: options.temporal });
  const temporal =
    declared.temporal.kind === 'dev'
      ? { ...declared.temporal, cliPath: process.env.TEMPORAL_CLI_PATH }
      : declared.temporal.kind === 'server'
        ? { ...declared.temporal, database: `tb_${randomBytes(6).toString('hex')}` }
        : declared.temporal;
  const stack = await startStack({ root, ...declared, temporal }, { log }).catch(async (error: unknown) => {
    await rm(root, { recursive: true, force: true });
    throw error;
  });
  process.env[TEST_ENV.postgresAdminUrl] = stack.postgres.adminUrl;
  process.env[TEST_ENV.temporalAddress] = stack.temporal.address;
  if (stack.temporal.cliPath) process.env[TEST_ENV.temporalCliPath] = stack.temporal.cliPath;
  if (stack.elasticsearch.action !== 'off') process.env[TEST_ENV.elasticsearchUrl] = stack.elasticsearch.url;
  return async () => {
    await stack.stop().catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  };
}
