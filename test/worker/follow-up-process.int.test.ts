import { randomUUID } from 'node:crypto';
import { NativeConnection } from '@temporalio/worker';
import { waitFor } from '../../dev/wait-for.ts';
import { parseConfig } from '../../shared/config.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { createLogger } from '../../shared/logger.ts';
import { createSearchPort } from '../../shared/search/create-search.ts';
import { createLocalEmbedder, localModelDir, type LocalEmbedder } from '../../shared/search/embedding/local-embedder.ts';
import { createElasticsearchEngine, elasticsearchIndexNames } from '../../shared/search/engine/elasticsearch-index.ts';
import { followUpTaskQueue } from '../../shared/temporal/ids.ts';
import { createWorkerRuntime, type WorkerRuntime } from '../../worker/runtime.ts';
import { indexedCount } from '../helpers/indexed-count.ts';
import { bearer } from '../helpers/members.ts';
import { withSharedWorkflowBundle } from '../helpers/shared-workflow-bundle.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { TEST_ENV } from '../helpers/test-services.ts';
import { createIntegration, postSigned } from '../helpers/webhooks.ts';

const INCIDENTS = 5;

/**
 * `npm start`'s shape: the worker with FOLLOW_UP_CONCURRENCY=0 opens and pages incidents and leaves
 * their indexing on the follow-up queue; a worker with WORKER_ROLE=follow-up serves that queue alone
 * (no relay of its own) and indexes and analyses every one of them.
 */
describe('a follow-up worker process (integration: real PostgreSQL, Temporal, Elasticsearch, two worker runtimes)', () => {
  const elasticsearchUrl = process.env[TEST_ENV.elasticsearchUrl];
  const prefix = `test-${randomUUID().slice(0, 8)}`;
  let embedder: LocalEmbedder;
  let stack: TestStack;
  let followUp: WorkerRuntime | undefined;
  let followUpConnection: NativeConnection | undefined;
  let followUpSearch: Awaited<ReturnType<typeof createSearchPort>> | undefined;

  beforeAll(async () => {
    if (!elasticsearchUrl) throw new Error("ELASTICSEARCH_URL is not set: run through jest's integration project");
    embedder = await createLocalEmbedder({ modelDir: localModelDir(toolCacheDir()) });
    const search = async ({ orm }: Parameters<typeof createSearchPort>[1]) =>
      createSearchPort(createElasticsearchEngine({ url: elasticsearchUrl, prefix, embedder }), { orm });
    stack = await startTestStack({
      worker: true,
      env: { SEARCH_INDEX_PREFIX: prefix, ELASTICSEARCH_URL: elasticsearchUrl, FOLLOW_UP_CONCURRENCY: '0' },
      search,
    });
    followUpSearch = await search({ orm: stack.orm });
  });
  afterAll(async () => {
    await followUp?.stop();
    await followUpConnection?.close();
    await followUpSearch?.close();
    await stack?.stop();
    await createElasticsearchEngine({ url: elasticsearchUrl as string, prefix, embedder })
      .drop()
      .catch(() => undefined);
    await embedder?.close();
  });

  const indexedIncidents = (organizationId: string) =>
    indexedCount(elasticsearchUrl as string, elasticsearchIndexNames(prefix, embedder).alias, { type: 'incident', organizationId });

  it('pages without it, then indexes and analyses every incident once it runs', async () => {
    const owner = await registerOwner(stack.http, 'follow-up-process');
    await stack.http
      .post('/api/v1/escalation-policies')
      .set(bearer(owner.token))
      .send({ name: 'Pager', is_default: true, levels: [{ targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 30 }] })
      .expect(201);
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const run = randomUUID().slice(0, 8);
    const alerts = Array.from({ length: INCIDENTS }, (_, i) => ({
      status: 'firing',
      labels: { alertname: 'DiskFull', instance: `db-${run}-${i}:9100`, severity: 'critical' },
      annotations: { summary: `db-${run}-${i} has no space left` },
      startsAt: new Date().toISOString(),
      fingerprint: `${run}-${i}`,
    }));
    await postSigned(stack.http, 'metrics_alerts', integration, { version: '4', status: 'firing', alerts }).expect(200);

    const counts = async () => {
      const [row] = await stack.sql<{ paged: number; analysed: number }>(
        `select (select count(distinct p.incident_id)::int from pages p join incidents i on i.id = p.incident_id
                 where i.organization_id = ? and p.status = 'sent') as paged,
                (select count(*)::int from incidents where organization_id = ? and analyzed_at is not null) as analysed`,
        [owner.organization.id, owner.organization.id],
      );
      return row as { paged: number; analysed: number };
    };
    await waitFor('every incident paged', async () => ((await counts()).paged === INCIDENTS ? true : undefined), {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    // Nothing serves the follow-up queue yet: the incidents wait there, unindexed.
    expect(await indexedIncidents(owner.organization.id)).toBe(0);
    expect((await counts()).analysed).toBe(0);

    const config = parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: stack.databaseUrl,
      TEMPORAL_ADDRESS: stack.config.TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: stack.config.TEMPORAL_TASK_QUEUE,
      ENCRYPTION_KEY: stack.config.ENCRYPTION_KEY,
      SEARCH_INDEX_PREFIX: prefix,
      WORKER_ROLE: 'follow-up',
    });
    followUpConnection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS as string });
    followUp = await createWorkerRuntime(config, {
      orm: stack.orm,
      connection: followUpConnection,
      temporal: stack.temporal.client,
      encryptionKey: config.ENCRYPTION_KEY as string,
      search: followUpSearch,
      logger: createLogger({ name: 'tocsin-test-follow-up', level: 'silent' }),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      overrides: withSharedWorkflowBundle(),
    });
    // It polls the follow-up queue only and runs no relay of its own.
    expect(followUp.worker.options.taskQueue).toBe(followUpTaskQueue(config.TEMPORAL_TASK_QUEUE));
    expect(followUp.relay).toBeUndefined();
    void followUp.run();

    await waitFor(
      'every incident indexed and analysed by the follow-up worker',
      async () =>
        (await indexedIncidents(owner.organization.id)) === INCIDENTS && (await counts()).analysed === INCIDENTS ? true : undefined,
      { timeoutMs: 120_000, intervalMs: 500 },
    );
  }, 300_000);
});
