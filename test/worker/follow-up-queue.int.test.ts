import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { createSearchPort } from '../../shared/search/create-search.ts';
import { cachedEmbedder, type EmbedPurpose, type Embedder } from '../../shared/search/embedding/embedder.ts';
import { createLocalEmbedder, localModelDir, type LocalEmbedder } from '../../shared/search/embedding/local-embedder.ts';
import { createElasticsearchEngine, elasticsearchIndexNames } from '../../shared/search/engine/elasticsearch-index.ts';
import { indexedCount } from '../helpers/indexed-count.ts';
import { bearer } from '../helpers/members.ts';
import { startSlowProxy } from '../helpers/slow-proxy.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { TEST_ENV } from '../helpers/test-services.ts';
import { createIntegration, postSigned } from '../helpers/webhooks.ts';

const INCIDENTS = 100;
const FOLLOW_UP_CONCURRENCY = 2;
const ES_DELAY_MS = 2_000;

/**
 * Search on, Elasticsearch slow (every request held 2 s by a proxy the worker's search client goes
 * through): 100 new incidents open and page without waiting on it, the follow-up queue never has
 * more than FOLLOW_UP_CONCURRENCY requests at Elasticsearch, batches its writes and searches, and
 * indexes and analyses every incident in the end, embedding each incident's text once (an analysis
 * reuses its indexing's vector through the cache the worker runs with).
 */
describe('follow-up off the critical path (integration: real PostgreSQL, Temporal, Elasticsearch behind a slow proxy, worker)', () => {
  const elasticsearchUrl = process.env[TEST_ENV.elasticsearchUrl];
  let proxy: Awaited<ReturnType<typeof startSlowProxy>>;
  let embedder: LocalEmbedder;
  // What reached the model, by purpose.
  const embedded: Record<EmbedPurpose, number> = { query: 0, document: 0 };
  let stack: TestStack;
  let dropIndex: () => Promise<void>;
  const prefix = `test-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    if (!elasticsearchUrl) throw new Error("ELASTICSEARCH_URL is not set: run through jest's integration project");
    proxy = await startSlowProxy(elasticsearchUrl, ES_DELAY_MS);
    embedder = await createLocalEmbedder({ modelDir: localModelDir(toolCacheDir()) });
    stack = await startTestStack({
      worker: true,
      env: { SEARCH_INDEX_PREFIX: prefix, ELASTICSEARCH_URL: proxy.url, FOLLOW_UP_CONCURRENCY: String(FOLLOW_UP_CONCURRENCY) },
      search: async ({ orm }) => {
        const counting: Embedder = {
          ...embedder,
          embed: (texts, purpose = 'document') => ((embedded[purpose] += texts.length), embedder.embed(texts, purpose)),
        };
        return createSearchPort(createElasticsearchEngine({ url: proxy.url, prefix, embedder: cachedEmbedder(counting) }), { orm });
      },
    });
    dropIndex = () => createElasticsearchEngine({ url: elasticsearchUrl, prefix, embedder }).drop();
  });
  afterAll(async () => {
    await stack?.stop();
    await dropIndex?.();
    await proxy?.close();
    await embedder?.close();
  });

  /** Incidents of the organization in the index, read from Elasticsearch itself (not through the proxy). */
  const indexedIncidents = (organizationId: string) =>
    indexedCount(elasticsearchUrl as string, elasticsearchIndexNames(prefix, embedder).alias, { type: 'incident', organizationId });

  it('pages 100 new incidents while their indexing waits, holds the bound, and indexes and analyses all of them', async () => {
    const owner = await registerOwner(stack.http, 'follow-up');
    await stack.http
      .post('/api/v1/escalation-policies')
      .set(bearer(owner.token))
      .send({ name: 'Storm', is_default: true, levels: [{ targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 30 }] })
      .expect(201);
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const run = randomUUID().slice(0, 8);
    const alerts = Array.from({ length: INCIDENTS }, (_, i) => ({
      status: 'firing',
      labels: { alertname: 'InstanceDown', instance: `host-${run}-${i}:9100`, severity: 'critical' },
      annotations: { summary: `host-${run}-${i} is down` },
      startsAt: new Date().toISOString(),
      fingerprint: `${run}-${i}`,
    }));
    await postSigned(stack.http, 'metrics_alerts', integration, { version: '4', status: 'firing', alerts }).expect(200);

    const db = stack.orm.em.fork();
    const sentPages = async () => {
      const [row] = await db.execute<Array<{ n: number }>>(
        `select count(distinct p.incident_id)::int as n from pages p join incidents i on i.id = p.incident_id
         where i.organization_id = ? and p.status = 'sent'`,
        [owner.organization.id],
      );
      return row?.n ?? 0;
    };
    await waitFor('every incident paged', async () => ((await sentPages()) === INCIDENTS ? true : undefined), {
      timeoutMs: 120_000,
      intervalMs: 100,
    });
    // The critical path did not wait on Elasticsearch: every page went out with incidents still un-indexed.
    expect(await indexedIncidents(owner.organization.id)).toBeLessThan(INCIDENTS);

    // The follow-up catches up: every incident indexed and analysed.
    await waitFor(
      'every incident indexed and analysed',
      async () => {
        const [row] = await db.execute<Array<{ analysed: number }>>(
          'select count(*)::int as analysed from incidents where organization_id = ? and analyzed_at is not null',
          [owner.organization.id],
        );
        const indexed = await indexedIncidents(owner.organization.id);
        return indexed === INCIDENTS && row?.analysed === INCIDENTS ? true : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 1_000 },
    );
    // Never more than the follow-up's slots at Elasticsearch at once (each pass sends one request at a time).
    expect(proxy.stats.maxInFlight).toBeLessThanOrEqual(FOLLOW_UP_CONCURRENCY);
    // Batched: one bulk write per pass and one search round trip per pass's analyses, not one per incident.
    expect(proxy.stats.bulk).toBeLessThan(INCIDENTS / 4);
    expect(proxy.stats.msearch + proxy.stats.search).toBeLessThan(INCIDENTS / 4);
    // Each incident's text went through the model once, as its document: its analysis asked the cache.
    expect(embedded).toEqual({ query: 0, document: INCIDENTS });
  }, 600_000);
});
