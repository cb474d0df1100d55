// `npm run bench:search`: retrieval quality (nDCG@10, MRR@10, recall@10) of keyword, semantic and
// hybrid search per kind of query on both backends, over the labeled fixture of
// bench/search-fixtures.ts (with its unseen and independent query sets, never fitted on) and over
// each public corpus of bench/corpora/ apart, with hybrid's weights held out by corpus (leave one
// corpus out: a corpus's held-out scores come from weights fitted on the other corpora); then, with the corpus padded to larger sizes
// (BENCH_SIZES, default 10000,100000: about 12 minutes on 2 cores; `BENCH_SIZES=` skips it),
// query latency (p50/p95, without and with the query's embedding) and both backends' ANN recall@10
// against an exact cosine scan (BENCH_PG_EXACT=1: PostgreSQL without pgvector). LOCAL_EMBEDDINGS_MODEL picks the model (`npm run model:install -- <model>` first).
// BENCH_QUALITY=0 skips the quality tables (latency and ANN recall only).
// BENCH_CASES_OUT=file.json also writes every query's candidates, for trying fusion offline.
// Real PostgreSQL, real Elasticsearch, the real local model. A figure to track, not a gate.
import './exit-on-signal.ts';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Client } from '@elastic/elasticsearch';
import { z } from 'zod';
import { toolCacheDir } from '../shared/load-config.ts';
import { openOrm, runMigrations } from '../shared/db/orm.ts';
import { cachedEmbedder, cosineOf, type Embedder } from '../shared/search/embedding/embedder.ts';
import { createElasticsearchEngine, knnClause } from '../shared/search/engine/elasticsearch-index.ts';
import { informativeQuery } from '../shared/search/query/error-log.ts';
import { embeddingText, fusionDepth, fusionFor, type Candidate } from '../shared/search/query/fusion.ts';
import { createLocalEmbedder, localModelDir } from '../shared/search/embedding/local-embedder.ts';
import { DEFAULT_LOCAL_MODEL, LOCAL_MODEL_IDS } from '../shared/search/embedding/local-models.ts';
import { createPostgresEngine, sqlRunnerFromOrm } from '../shared/search/engine/postgres-index.ts';
import { classifyQuery, QUERY_KINDS, type QueryKind } from '../shared/search/query/query-kind.ts';
import type { SearchEngine } from '../shared/search/engine/engine.ts';
import type { SearchDocument, SearchHit, SearchRequest } from '../shared/search/port.ts';
import { createTestDatabase } from '../test/helpers/test-database.ts';
import { startTestServices } from '../test/helpers/test-services.ts';
import { buildFixture, QUERY_KINDS_OF_FIXTURE, type BenchQuery } from './search-fixtures.ts';
import { fitFusion, fusedRanking, K, keysOf, leaveOneCorpusOut, mean, mrrAt, ndcgAt, recallAt, type FusionCase } from './search-fit.ts';
import { loadCorpus, PUBLIC_CORPORA, type CorpusQuery } from './search-corpora.ts';
import { percentile } from './percentile.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const TYPES: SearchRequest['types'] = ['incident', 'procedure', 'article'];
// BENCH_PG_EXACT=1: PostgreSQL's semantic side without pgvector's index (the exact scan), for a before/after.
const PG_EXACT = process.env.BENCH_PG_EXACT === '1';
const QUALITY = process.env.BENCH_QUALITY !== '0';

type Index = SearchEngine & {
  candidates(request: SearchRequest, depth: number): Promise<{ keyword: Candidate[]; semantic: Candidate[]; queryVector: number[] }>;
  semanticFor(request: SearchRequest, depth: number, vector: number[]): Promise<Candidate[]>;
};

/** What `POST /search/query` does with the text: a pasted log is trimmed to its informative lines and marked as a log. */
function asTheApiSends(query: { text: string }): { text: string; queryKind?: QueryKind } {
  const raw = query.text;
  return classifyQuery(raw) === 'error_log' ? { text: informativeQuery(raw), queryKind: 'error_log' } : { text: raw };
}

/** The fusion of the previous release, kept as the baseline: min-max normalized scores, keyword 0.4, semantic 0.6. */
function minMaxFusion(keyword: Candidate[], semantic: Candidate[]): string[] {
  const normalized = (hits: SearchHit[]) => {
    const scores = hits.map((hit) => hit.score);
    const max = Math.max(...scores);
    const min = Math.min(...scores);
    return new Map(hits.map((hit) => [`${hit.type}:${hit.id}`, max === min ? 1 : (hit.score - min) / (max - min)]));
  };
  const k = normalized(keyword.map((c) => c.hit));
  const s = normalized(semantic.map((c) => c.hit));
  return [...new Set([...s.keys(), ...k.keys()])]
    .map((key) => [key, 0.4 * (k.get(key) ?? 0) + 0.6 * (s.get(key) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, K)
    .map(([key]) => key);
}

interface Scored {
  kind: string;
  ndcg: number;
  mrr: number;
  recall: number;
}
type GradedQuery = { kind: string; text: string; relevant: Map<string, number> };
const score = (query: GradedQuery, ranked: string[]): Scored => ({
  kind: query.kind,
  ndcg: ndcgAt(ranked, query.relevant),
  mrr: mrrAt(ranked, query.relevant),
  recall: recallAt(ranked, query.relevant),
});

/** An exact cosine scan over `documents` (their vectors in order): what PostgreSQL's semantic side runs, to fusion's depth. */
const exactScan =
  (documents: SearchDocument[], vectors: number[][]) =>
  (vector: number[]): Candidate[] =>
    documents
      .map((doc, i) => ({ doc, cosine: cosineOf(vectors[i] as number[], vector) }))
      .sort((a, b) => b.cosine - a.cosine)
      .slice(0, fusionDepth(K))
      .map(({ doc, cosine }) => ({
        hit: { type: doc.type, id: doc.id, title: doc.title, snippet: '', score: cosine, highlights: [] },
        text: `${doc.title}\n${doc.body}`,
        cosine,
      }));

process.env.TEMPORAL_ADDRESS ??= '127.0.0.1:1'; // Temporal is not part of this benchmark
const stopServices = await startTestServices((message) => process.stderr.write(`${message}\n`));
const database = await createTestDatabase();
const orm = await openOrm({ databaseUrl: database.url, poolMax: 4 });
// The model under test: LOCAL_EMBEDDINGS_MODEL, as the API and worker read it.
const modelId = z
  .enum(LOCAL_MODEL_IDS)
  .default(DEFAULT_LOCAL_MODEL)
  .parse(process.env.LOCAL_EMBEDDINGS_MODEL || undefined);
const inner = await createLocalEmbedder({ modelDir: localModelDir(toolCacheDir(), modelId), model: modelId, batchSize: 32 });
// Padding documents repeat fixture texts, so the cache spares the model from embedding them again.
const cached = cachedEmbedder(inner, 200_000);
// With `embedQueries`, the indexes embed each query themselves, as a request does the first time a
// text is searched: the latency with the embedding is the request's own path (whatever of the
// search a backend overlaps with the model counts once).
let embedQueries = false;
const embedder: Embedder = {
  model: cached.model,
  dimensions: cached.dimensions,
  embed: (texts, purpose) => (purpose === 'query' && embedQueries ? inner : cached).embed(texts, purpose),
};
const esUrl = process.env.ELASTICSEARCH_URL as string;
const esPrefix = `bench-${randomUUID().slice(0, 8)}`;
const elastic = createElasticsearchEngine({ url: esUrl, prefix: esPrefix, embedder });
const esClient = new Client({ node: esUrl, requestTimeout: 60_000 });
try {
  await runMigrations(orm, database.url);
  const organizationId = randomUUID();
  await orm.em
    .getConnection()
    .execute('insert into organizations (id, name, created_at, updated_at) values (?, ?, now(), now())', [organizationId, 'bench']);
  const { documents, queries, unseen, independent } = buildFixture(organizationId, () => randomUUID());
  const count = (kind: BenchQuery['kind']) => queries.filter((query) => query.kind === kind).length;
  process.stdout.write(
    `fixture: ${documents.length} documents, ${queries.length} queries (${QUERY_KINDS_OF_FIXTURE.map((kind) => `${count(kind)} ${kind}`).join(', ')}); model ${inner.model}\n`,
  );
  // How the classifier sees each kind of the fixture (the class picks hybrid's weights).
  const classesOf = (set: BenchQuery[]) =>
    QUERY_KINDS_OF_FIXTURE.map((kind) => {
      const classes = set
        .filter((query) => query.kind === kind)
        .map((query) => asTheApiSends(query).queryKind ?? classifyQuery(query.text));
      return `${kind} → ${QUERY_KINDS.map((c) => [c, classes.filter((x) => x === c).length] as const)
        .filter(([, n]) => n)
        .map(([c, n]) => `${c} ${n}`)
        .join(', ')}`;
    });
  process.stdout.write(
    `query classes: ${classesOf(queries).join('; ')}; unseen queries: ${classesOf(unseen).join('; ')}; independent queries: ${classesOf(independent).join('; ')}\n`,
  );

  const embedTimes: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    await inner.embed([asTheApiSends(query).text], 'query');
    embedTimes.push(performance.now() - started);
  }
  process.stdout.write(
    `query embedding (in-process, 1 thread): p50 ${percentile(embedTimes, 50).toFixed(1)} ms, p95 ${percentile(embedTimes, 95).toFixed(1)} ms (p50/p95 below exclude it, the query's vector cached; +embed50/+embed95: the index embeds the query itself)\n\n`,
  );

  await elastic.ensureReady();
  const backends: Array<[string, Index]> = [
    ['postgres', createPostgresEngine({ sql: sqlRunnerFromOrm(orm), embedder, exactScan: PG_EXACT })],
    ['elasticsearch', elastic],
  ];
  const started = performance.now();
  await embedder.embed(documents.map((doc) => embeddingText(doc.title, doc.body)));
  process.stderr.write(`embedded ${documents.length} documents in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  for (const [, index] of backends) {
    for (let i = 0; i < documents.length; i += 200) await index.upsert(documents.slice(i, i + 200));
    await index.refresh();
  }

  const request = (query: { text: string }, mode: SearchRequest['mode'], organization = organizationId): SearchRequest => ({
    organizationId: organization,
    ...asTheApiSends(query),
    mode,
    limit: K,
    types: TYPES,
  });

  // Hybrid's feedback pass offline: an exact cosine scan over the fixture's vectors (the embedder's
  // cache holds the ones the backends were given), which is what PostgreSQL's semantic side runs.
  const documentVectors = await embedder.embed(documents.map((doc) => embeddingText(doc.title, doc.body)));
  const vectorOf = new Map(documents.map((doc, i) => [doc.id, documentVectors[i] as number[]]));
  const exactSemantic = exactScan(documents, documentVectors);

  // Each query of a set through `search` in one mode, scored against its grades.
  const scoredBy = async (
    index: Index,
    mode: SearchRequest['mode'],
    set: GradedQuery[],
    organization = organizationId,
  ): Promise<Scored[]> => {
    const scored: Scored[] = [];
    for (const query of set) scored.push(score(query, keysOf((await index.search(request(query, mode, organization))).hits)));
    return scored;
  };

  // BENCH_QUALITY=0: latency only (the quality tables and the weights' fit take most of a run).
  if (QUALITY) {
    // Quality: both halves through `search`, and each query's candidates for fusion offline.
    const results = new Map<string, Scored[]>();
    const cases = new Map<string, FusionCase[]>();
    for (const [name, index] of backends) {
      for (const mode of ['keyword', 'semantic', 'hybrid'] as const)
        results.set(`${name}/${mode === 'hybrid' ? 'hybrid (shipped weights)' : mode}`, await scoredBy(index, mode, queries));
      const own: FusionCase[] = [];
      for (const query of queries) {
        const sent = request(query, 'hybrid');
        const { keyword, semantic, queryVector } = await index.candidates(sent, fusionDepth(K));
        own.push({
          scenario: query.scenario,
          corpus: 'fixture',
          text: sent.text,
          queryKind: sent.queryKind ?? classifyQuery(sent.text),
          keyword,
          // The backends read these for the top few documents only (vectorsOf); the offline fit has them all.
          semantic: semantic.map((candidate) => ({ ...candidate, vector: vectorOf.get(candidate.hit.id) })),
          relevant: query.relevant,
          queryVector,
          semanticFor: exactSemantic,
        });
      }
      cases.set(name, own);
      results.set(
        `${name}/hybrid min-max (before)`,
        own.map((item, i) => score(queries[i] as BenchQuery, minMaxFusion(item.keyword, item.semantic))),
      );
    }
    // Cross-validation: one fit over both backends' training cases (one set of weights ships for both).
    const all = [...cases.values()].flat();
    const shipped = fusionFor(inner.model);
    // The candidates of every query, to try fusion changes offline without PostgreSQL, Elasticsearch or the model.
    if (process.env.BENCH_CASES_OUT) {
      await writeFile(
        process.env.BENCH_CASES_OUT,
        JSON.stringify({
          // The documents too, to try changes to the semantic side (e.g. passages) with the model alone.
          documents: documents.map((doc, i) => ({
            key: `${doc.type}:${doc.id}`,
            title: doc.title,
            body: doc.body,
            vector: documentVectors[i],
          })),
          backends: [...cases].map(([name, own]) => ({
            backend: name,
            cases: own.map(({ semanticFor: _exact, ...item }, i) => ({
              ...item,
              // The documents' vectors are above once.
              semantic: item.semantic.map(({ vector: _vector, ...candidate }) => candidate),
              kind: queries[i]?.kind,
              relevant: [...item.relevant],
            })),
          })),
        }),
      );
    }
    // The public corpora, each in an organization of its own: both halves and hybrid through `search`,
    // and every query's candidates for the held-out fit.
    const corpusResults = new Map<string, { queries: CorpusQuery[]; kinds: string[]; rows: Map<string, Scored[]> }>();
    const corpusCases = new Map<string, FusionCase[]>(); // by `${corpus}/${backend}`
    for (const name of Object.keys(PUBLIC_CORPORA)) {
      const organization = randomUUID();
      await orm.em
        .getConnection()
        .execute('insert into organizations (id, name, created_at, updated_at) values (?, ?, now(), now())', [organization, name]);
      const corpus = loadCorpus(name, organization, () => randomUUID());
      const texts = corpus.documents.map((doc) => embeddingText(doc.title, doc.body));
      const corpusVectors = await embedder.embed(texts);
      for (const [, index] of backends) {
        await index.upsert(corpus.documents);
        await index.refresh();
      }
      const vectorOfDoc = new Map(corpus.documents.map((doc, i) => [doc.id, corpusVectors[i] as number[]]));
      const exactInCorpus = exactScan(corpus.documents, corpusVectors);
      const rows = new Map<string, Scored[]>();
      for (const [backend, index] of backends) {
        for (const mode of ['keyword', 'semantic', 'hybrid'] as const)
          rows.set(
            `${backend}/${mode === 'hybrid' ? 'hybrid (shipped weights)' : mode}`,
            await scoredBy(index, mode, corpus.queries, organization),
          );
        const own: FusionCase[] = [];
        for (const query of corpus.queries) {
          const sent = request(query, 'hybrid', organization);
          const { keyword, semantic, queryVector } = await index.candidates(sent, fusionDepth(K));
          own.push({
            scenario: query.group,
            corpus: name,
            text: sent.text,
            queryKind: sent.queryKind ?? classifyQuery(sent.text),
            keyword,
            semantic: semantic.map((candidate) => ({ ...candidate, vector: vectorOfDoc.get(candidate.hit.id) })),
            relevant: query.relevant,
            queryVector,
            semanticFor: exactInCorpus,
          });
        }
        corpusCases.set(`${name}/${backend}`, own);
      }
      corpusResults.set(name, { queries: corpus.queries, kinds: corpus.kinds, rows });
    }

    // Leave one corpus out, over both backends' cases (one set of weights ships for both).
    const everyCase = [...all, ...[...corpusCases.values()].flat()];
    const { rankings, fits } = leaveOneCorpusOut(everyCase, shipped);
    const heldOut = new Map(everyCase.map((item, i) => [item, rankings[i] as string[]]));
    const heldOutLabel = 'hybrid (held out: fitted on the other corpora)';
    backends.forEach(([name]) => {
      const own = cases.get(name) as FusionCase[];
      results.set(
        `${name}/${heldOutLabel}`,
        queries.map((query, i) => score(query, heldOut.get(own[i] as FusionCase) as string[])),
      );
      for (const [corpus, { queries: corpusQueries, rows }] of corpusResults) {
        const own = corpusCases.get(`${corpus}/${name}`) as FusionCase[];
        rows.set(
          `${name}/${heldOutLabel}`,
          corpusQueries.map((query, i) => score(query, heldOut.get(own[i] as FusionCase) as string[])),
        );
      }
    });

    // The unseen queries, through `search` with the shipped weights: nothing was fitted or picked on them.
    const unseenResults = new Map<string, Scored[]>();
    for (const [name, index] of backends)
      for (const mode of ['keyword', 'semantic', 'hybrid'] as const)
        unseenResults.set(`${name}/${mode} (unseen queries)`, await scoredBy(index, mode, unseen));
    // The independent queries, the same way: written from the documents alone, never fitted on.
    const independentResults = new Map<string, Scored[]>();
    for (const [name, index] of backends)
      for (const mode of ['keyword', 'semantic', 'hybrid'] as const)
        independentResults.set(`${name}/${mode} (independent)`, await scoredBy(index, mode, independent));

    const METRIC_NAMES = { ndcg: 'nDCG@10', mrr: 'MRR@10', recall: 'recall@10' } as const;
    const table = (metric: 'ndcg' | 'mrr' | 'recall', rows = results, columns: readonly string[] = [...QUERY_KINDS_OF_FIXTURE, 'all']) => {
      const lines = [METRIC_NAMES[metric].padEnd(56) + columns.map((c) => c.padStart(12)).join('')];
      for (const [label, scored] of rows) {
        const cell = (kind: string) =>
          mean(scored.filter((s) => kind === 'all' || s.kind === kind).map((s) => s[metric]))
            .toFixed(3)
            .padStart(12);
        lines.push(label.padEnd(56) + columns.map(cell).join(''));
      }
      return lines.join('\n');
    };
    const tables = (rows = results, columns?: readonly string[]) =>
      (['ndcg', 'mrr', 'recall'] as const).map((metric) => table(metric, rows, columns)).join('\n\n');
    process.stdout.write(`fixture:\n${tables()}\n\n`);
    process.stdout.write(
      `fixture, unseen queries (${unseen.length}, written after the weights were fixed; pasted logs as JSON lines or a journal excerpt):\n${tables(unseenResults)}\n\n`,
    );
    process.stdout.write(
      `fixture, independent queries (${independent.length}, written from the documents alone by someone who had not read the fusion code):\n${tables(independentResults)}\n\n`,
    );
    for (const [name, { queries: corpusQueries, kinds, rows }] of corpusResults)
      process.stdout.write(
        `${name} (bench/corpora/${name}: ${corpusQueries.length} queries, ${kinds.map((kind) => `${corpusQueries.filter((query) => query.kind === kind).length} ${kind}`).join(', ')}):\n${tables(rows, [...kinds, 'all'])}\n\n`,
      );
    const fitted = fitFusion(everyCase, shipped);
    process.stdout.write(`weights fitted on every corpus (what fusionFor('${inner.model}') should hold): ${JSON.stringify(fitted)}\n`);
    process.stdout.write(
      `shipped weights in-sample nDCG@10: ${mean(everyCase.map((item) => ndcgAt(fusedRanking(item, shipped), item.relevant))).toFixed(3)}; fits without each corpus (keyword weight, f floor, r rarity, a anchor top@evidence, feedback weight × depth, x expansion): ${[...fits].map(([corpus, f]) => `${corpus} ${QUERY_KINDS.map((k) => `${f[k].keyword}${f[k].floor ? `+f${f[k].floor}` : ''}${f[k].rarity ? `+r${f[k].rarity}` : ''}${f[k].anchor ? `+a${f[k].anchor.top}@${f[k].anchor.evidence}` : ''}${f[k].feedback ? `+${f[k].feedback.weight}×${f[k].feedback.depth}` : ''}${f[k].expansion ? `+x${f[k].expansion}` : ''}`).join('/')}`).join('; ')} (${QUERY_KINDS.join('/')})\n\n`,
    );
  }
  // ANN recall@10: kNN as semantic search runs it (`knnClause` with k 10) against an exact cosine
  // scan of the same vectors. This Elasticsearch distribution has no Painless, so no script_score:
  // the scan runs here, over the vectors the index was given (the embedder's cache), each counted as
  // many times as padding copied it. Copies tie, so a kNN hit counts when its exact cosine reaches
  // the exact 10th one (strict); beside it, recall as ann-benchmarks computes it: a hit also counts
  // when its exact cosine is within 1e-3 of the 10th (what quantized scores cannot tell apart).
  const vectors = documentVectors;
  const copies = documents.map(() => 1);
  const fixtureIndexOf = new Map(documents.map((doc, i) => [doc.id, i]));
  const esKnn = async (vector: number[]) => {
    const filter = [{ term: { organization_id: organizationId } }, { terms: { type: TYPES } }];
    const ann = await esClient.search<{ doc_id: string }>({
      index: elastic.names.alias,
      size: K,
      _source: ['doc_id'],
      knn: knnClause(vector, K, filter),
    });
    return ann.hits.hits.map((hit) => hit._source?.doc_id as string);
  };
  // PostgreSQL's semantic search as it runs (pgvector's HNSW walk, unless BENCH_PG_EXACT).
  const postgresIndex = (backends[0] as [string, Index])[1];
  const pgSemantic = async (query: BenchQuery) =>
    (await postgresIndex.search({ ...request(query, 'semantic'), limit: K })).hits.map((hit) => hit.id);
  const annRecall = async (found: (vector: number[], query: BenchQuery) => Promise<string[]>, k = K) => {
    const recalls: number[] = [];
    const withinEpsilon: number[] = [];
    for (const query of queries) {
      const [vector] = (await embedder.embed([asTheApiSends(query).text], 'query')) as [number[]];
      const cosine = (i: number) => (vectors[i] as number[]).reduce((sum, x, j) => sum + x * (vector[j] as number), 0);
      const ids = await found(vector, query);
      const exact = documents.map((_doc, i) => ({ cosine: cosine(i), copies: copies[i] as number })).sort((a, b) => b.cosine - a.cosine);
      let last = -1;
      for (let i = 0, seen = 0; i < exact.length && seen < k; i++) {
        seen += (exact[i] as { copies: number }).copies;
        last = (exact[i] as { cosine: number }).cosine;
      }
      // Judged by the exact cosine of each returned document (kNN's own score comes from quantized vectors).
      const exactOfHits = ids.map((id) => cosine(fixtureIndexOf.get(id) as number));
      recalls.push(exactOfHits.filter((exactCosine) => exactCosine >= last - 1e-6).length / k);
      withinEpsilon.push(exactOfHits.filter((exactCosine) => exactCosine >= last - 1e-3).length / k);
    }
    return `${mean(recalls).toFixed(3)} (within 1e-3 of the ${k}th, as ann-benchmarks counts: ${mean(withinEpsilon).toFixed(3)})`;
  };
  // Hybrid's passes ask each backend for fusion's depth (Elasticsearch with fewer candidates per hit
  // than semantic search's k 10: `hybridKnnClause`), so their recall at that depth is measured too.
  const hybridDepth = fusionDepth(K);
  const hybridPass = (index: Index) => async (vector: number[], query: BenchQuery) =>
    (await index.semanticFor(request(query, 'hybrid'), hybridDepth, vector)).map(({ hit }) => hit.id);
  const recallLine = async (size: number) =>
    `ANN recall@10 vs exact cosine at ${size} documents: elasticsearch ${await annRecall(esKnn)}; postgres${PG_EXACT ? ' (exact scan)' : ''} ${await annRecall((_vector, query) => pgSemantic(query))}\n` +
    `${' '.repeat(24)}hybrid's passes, recall@${hybridDepth}: elasticsearch ${await annRecall(hybridPass(elastic), hybridDepth)}; postgres ${await annRecall(hybridPass(postgresIndex), hybridDepth)}`;
  process.stdout.write(`${await recallLine(documents.length)}\n\n`);

  // Latency at larger sizes: pad the same organization with copies of the fixture under new ids.
  let size = documents.length;
  const latencyRows: string[] = [];
  for (const target of SIZES) {
    const padding: SearchDocument[] = [];
    for (let i = size; i < target; i++) {
      const id = randomUUID();
      padding.push({ ...(documents[i % documents.length] as SearchDocument), id });
      copies[i % documents.length] = (copies[i % documents.length] as number) + 1;
      fixtureIndexOf.set(id, i % documents.length);
    }
    const padStarted = performance.now();
    for (const [, index] of backends) {
      for (let i = 0; i < padding.length; i += 500) await index.upsert(padding.slice(i, i + 500));
      await index.refresh();
    }
    // Elasticsearch's kNN walks each segment's graph: the count, as the latency below met it, says how
    // far its figures are from a merged index's.
    const stats = await esClient.indices.stats({ index: `${esPrefix}*`, metric: 'segments' });
    const segments = stats._all.primaries?.segments?.count ?? 'unknown';
    process.stderr.write(`padded to ${target} documents in ${((performance.now() - padStarted) / 1000).toFixed(1)} s\n`);
    size = target;
    // Every query, but for PostgreSQL's exact semantic scan (BENCH_PG_EXACT, seconds a query at
    // 100k): past 10k documents every 12th scenario's queries, by scenario so every kind is in the
    // sample.
    const sample = (name: string, mode: SearchRequest['mode']) => {
      const every = target > 10_000 && name === 'postgres' && mode !== 'keyword' && PG_EXACT ? 12 : 1;
      return queries.filter((_query, i) => Math.floor(i / QUERY_KINDS_OF_FIXTURE.length) % every === 0);
    };
    for (const [name, index] of backends) {
      for (const query of sample(name, 'keyword')) await index.search(request(query, 'keyword')); // warm
      for (const mode of ['keyword', 'semantic', 'hybrid'] as const) {
        const latency: number[] = [];
        // With the query's embedding: the index runs the model itself, as a request pays it the first
        // time a text is searched; then the same search with the cached vector.
        const withEmbedding: number[] = [];
        for (const query of sample(name, mode)) {
          const timed = async (embedding: boolean) => {
            embedQueries = embedding;
            const started = performance.now();
            await index.search(request(query, mode));
            embedQueries = false;
            return performance.now() - started;
          };
          const embedded = await timed(mode !== 'keyword');
          withEmbedding.push(embedded);
          latency.push(mode === 'keyword' ? embedded : await timed(false));
        }
        latencyRows.push(
          `${name.padEnd(14)}${String(target).padStart(8)}  ${mode.padEnd(9)}${[percentile(latency, 50), percentile(latency, 95), percentile(withEmbedding, 50), percentile(withEmbedding, 95)].map((ms) => ms.toFixed(1).padStart(9)).join('')}${String(latency.length).padStart(9)}`,
        );
      }
    }
    latencyRows.push(`${' '.repeat(14)}${String(target).padStart(8)}  elasticsearch segments as measured: ${segments}`);
    latencyRows.push(`${' '.repeat(14)}${String(target).padStart(8)}  ${await recallLine(target)}`);
  }
  if (latencyRows.length) {
    const header = ['p50 ms', 'p95 ms', '+embed50', '+embed95', 'queries'].map((column) => column.padStart(9)).join('');
    process.stdout.write(`${'backend'.padEnd(14)}${'docs'.padStart(8)}  ${'mode'.padEnd(9)}${header}\n${latencyRows.join('\n')}\n`);
  }
} finally {
  await esClient.close();
  await elastic.drop().catch(() => undefined);
  await elastic.close();
  await orm.close();
  await database.drop();
  await stopServices();
}
