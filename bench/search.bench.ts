// `npm run bench:search`: retrieval quality (nDCG@10, recall@10) of keyword, semantic and hybrid
// search on both backends over the labeled fixture of bench/search-fixtures.ts, then query latency
// (p50/p95) with the corpus padded to larger sizes (BENCH_SIZES, default 10000,100000: about 12 minutes on 2 cores).
// Real PostgreSQL, real Elasticsearch, the real local model. A figure to track, not a gate.
import { randomUUID } from 'node:crypto';
import { toolCacheDir } from '../shared/dev/tool-cache.ts';
import { openOrm, runMigrations } from '../shared/db/orm.ts';
import { cachedEmbedder } from '../shared/search/embedder.ts';
import { createElasticsearchSearchIndex } from '../shared/search/elasticsearch-index.ts';
import { informativeQuery } from '../shared/search/error-log.ts';
import { createLocalEmbedder, localModelDir } from '../shared/search/local-embedder.ts';
import { createPostgresSearchIndex, sqlRunnerFromOrm } from '../shared/search/postgres-index.ts';
import { SEARCH_MODES, type SearchDocument, type SearchIndex, type SearchMode } from '../shared/search/search-index.ts';
import { createTestDatabase } from '../test/helpers/stack.ts';
import { startTestServices } from '../test/helpers/test-services.ts';
import { buildFixture, type BenchQuery } from './search-fixtures.ts';
import { percentile } from './percentile.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number).filter((n) => n > 0);
const K = 10;

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);

function ndcgAt(ranked: string[], relevant: Map<string, number>, k: number): number {
  const dcg = ranked.slice(0, k).reduce((sum, key, i) => sum + (2 ** (relevant.get(key) ?? 0) - 1) / Math.log2(i + 2), 0);
  const ideal = [...relevant.values()].sort((a, b) => b - a).slice(0, k).reduce((sum, grade, i) => sum + (2 ** grade - 1) / Math.log2(i + 2), 0);
  return ideal ? dcg / ideal : 0;
}

/** Share of the strongly relevant documents (grade ≥ 2) in the top k, out of as many as fit in k. */
function recallAt(ranked: string[], relevant: Map<string, number>, k: number): number {
  const strong = [...relevant.entries()].filter(([, grade]) => grade >= 2).map(([key]) => key);
  const found = ranked.slice(0, k).filter((key) => strong.includes(key)).length;
  return found / Math.min(k, strong.length);
}

const queryText = (query: BenchQuery) => (query.kind === 'error_log' ? informativeQuery(query.text) : query.text);

async function evaluate(index: SearchIndex, organizationId: string, queries: BenchQuery[], mode: SearchMode) {
  const ndcg: number[] = [];
  const recall: number[] = [];
  const latency: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    const { hits } = await index.search({ organizationId, text: queryText(query), mode, limit: K, types: ['incident', 'procedure', 'article'] });
    latency.push(performance.now() - started);
    const ranked = hits.map((hit) => `${hit.type}:${hit.id}`);
    ndcg.push(ndcgAt(ranked, query.relevant, K));
    recall.push(recallAt(ranked, query.relevant, K));
  }
  return { ndcg: mean(ndcg), recall: mean(recall), p50: percentile(latency, 50), p95: percentile(latency, 95) };
}

process.env.TEMPORAL_ADDRESS ??= '127.0.0.1:1'; // Temporal is not part of this benchmark
const stopServices = await startTestServices((message) => process.stderr.write(`${message}\n`));
const database = await createTestDatabase();
const orm = await openOrm({ databaseUrl: database.url, poolMax: 4 });
const inner = await createLocalEmbedder({ modelDir: localModelDir(toolCacheDir()), batchSize: 32 });
// Padding documents repeat fixture texts, so the cache spares the model from embedding them again.
const embedder = cachedEmbedder(inner, 200_000);
const esUrl = process.env.ELASTICSEARCH_URL as string;
const elastic = createElasticsearchSearchIndex({ url: esUrl, prefix: `bench-${randomUUID().slice(0, 8)}`, embedder });
try {
  await runMigrations(orm, database.url);
  const organizationId = randomUUID();
  await orm.em.getConnection().execute('insert into organizations (id, name, created_at, updated_at) values (?, ?, now(), now())', [organizationId, 'bench']);
  const ids = new Map<string, string>();
  const { documents, queries } = buildFixture(organizationId, (key) => {
    const id = randomUUID();
    ids.set(key, id);
    return id;
  });
  const kinds = (kind: BenchQuery['kind']) => queries.filter((query) => query.kind === kind).length;
  process.stdout.write(`fixture: ${documents.length} documents, ${queries.length} queries (${kinds('paraphrase')} paraphrases, ${kinds('error_log')} error logs, ${kinds('service')} service queries); model ${inner.model}\n`);

  const embedTimes: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    await inner.embed([queryText(query)]);
    embedTimes.push(performance.now() - started);
  }
  process.stdout.write(`query embedding (in-process, 1 thread): p50 ${percentile(embedTimes, 50).toFixed(1)} ms, p95 ${percentile(embedTimes, 95).toFixed(1)} ms (latencies below exclude it: query vectors are cached)\n\n`);

  await elastic.ensureReady();
  const backends: Array<[string, SearchIndex]> = [['postgres', createPostgresSearchIndex({ sql: sqlRunnerFromOrm(orm), embedder })], ['elasticsearch', elastic]];
  const started = performance.now();
  await embedder.embed(documents.map((doc) => `${doc.title}\n${doc.body}`.slice(0, 2_000)));
  process.stderr.write(`embedded ${documents.length} documents in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  for (const [, index] of backends) {
    for (let i = 0; i < documents.length; i += 200) await index.upsert(documents.slice(i, i + 200));
    await index.refresh();
  }
  // Warm both backends' caches and the query-vector cache.
  for (const [, index] of backends) await evaluate(index, organizationId, queries, 'hybrid');

  const rows: string[] = [];
  const header = `${'backend'.padEnd(14)}${'docs'.padStart(8)}  ${'mode'.padEnd(9)}${'nDCG@10'.padStart(9)}${'recall@10'.padStart(11)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`;
  for (const [name, index] of backends) {
    for (const mode of SEARCH_MODES) {
      const r = await evaluate(index, organizationId, queries, mode);
      rows.push(`${name.padEnd(14)}${String(documents.length).padStart(8)}  ${mode.padEnd(9)}${r.ndcg.toFixed(3).padStart(9)}${r.recall.toFixed(3).padStart(11)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}`);
    }
  }
  process.stdout.write(`${header}\n${rows.join('\n')}\n\n`);

  // Latency at larger sizes: pad the same organization with copies of the fixture under new ids.
  let size = documents.length;
  const latencyRows: string[] = [];
  for (const target of SIZES) {
    const padding: SearchDocument[] = [];
    for (let i = size; i < target; i++) padding.push({ ...(documents[i % documents.length] as SearchDocument), id: randomUUID() });
    const padStarted = performance.now();
    for (const [, index] of backends) {
      for (let i = 0; i < padding.length; i += 500) await index.upsert(padding.slice(i, i + 500));
      await index.refresh();
    }
    process.stderr.write(`padded to ${target} documents in ${((performance.now() - padStarted) / 1000).toFixed(1)} s\n`);
    size = target;
    // Latency only: past 10k documents a sample of queries keeps an exact PostgreSQL scan affordable.
    const sample = target > 10_000 ? queries.filter((_query, i) => i % 4 === 0) : queries;
    for (const [name, index] of backends) {
      await evaluate(index, organizationId, sample, 'keyword');
      for (const mode of SEARCH_MODES) {
        const r = await evaluate(index, organizationId, sample, mode);
        latencyRows.push(`${name.padEnd(14)}${String(target).padStart(8)}  ${mode.padEnd(9)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}`);
      }
    }
  }
  if (latencyRows.length) process.stdout.write(`${'backend'.padEnd(14)}${'docs'.padStart(8)}  ${'mode'.padEnd(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}\n${latencyRows.join('\n')}\n`);
} finally {
  await elastic.drop().catch(() => undefined);
  await elastic.close();
  await orm.close();
  await database.drop();
  await stopServices();
}
