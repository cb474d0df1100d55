import { Client, errors } from '@elastic/elasticsearch';
import { cosineOf, type Embedder } from '../embedding/embedder.ts';
import { embeddingText, fusionDepth, fusionFor, snippetOf, type Candidate, type FusionParams } from '../query/fusion.ts';
import { escapeHtml } from '../../html-escape.ts';
import { keywordQueryText } from '../query/keyword-query.ts';
import type { SearchDocument, SearchHit, SearchRequest } from '../port.ts';
import { storedFields, type SearchEngine } from './engine.ts';
import { highlightCandidates } from '../query/term-highlights.ts';
import { hybridSearch, type HybridBackend } from '../query/hybrid-search.ts';

/** Bumped whenever the mapping below changes; with the model it names the physical index. */
export const MAPPING_VERSION = 1;

const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function elasticsearchIndexNames(prefix: string, embedder: Pick<Embedder, 'model' | 'dimensions'>) {
  const alias = `${prefix}-search`;
  return { alias, index: `${alias}-v${MAPPING_VERSION}-${slug(embedder.model)}-${embedder.dimensions}` };
}

interface Source {
  organization_id: string;
  type: SearchHit['type'];
  doc_id: string;
  title: string;
  body: string;
  /** Read back only for hybrid's feedback pass, where `embedding_packed` is missing (indexed before it). */
  embedding?: number[];
  /** The same vector as little-endian float32, base64: what the first semantic pass ships for feedback. */
  embedding_packed?: string;
}

/**
 * kNN as every semantic search runs it. Elasticsearch keeps the graph's vectors quantized to int8,
 * which blurs close cosines: `rescore_vector` scores `KNN_OVERSAMPLE` × k candidates again with the
 * full vectors so the top k is the exact one more often; 8 candidates per hit keep the graph walk
 * from missing neighbours (recall figures: docs/benchmarks.md, "bench:search").
 */
const KNN_OVERSAMPLE = 3;
export const knnClause = (vector: number[], k: number, filter: Array<Record<string, unknown>>) => ({
  field: 'embedding',
  query_vector: vector,
  k,
  num_candidates: Math.max(200, k * 8),
  filter,
  rescore_vector: { oversample: KNN_OVERSAMPLE },
});

/**
 * kNN for hybrid's passes, which need fusion's depth (50 and more) and cosines close enough to weigh,
 * not an exact order at the tenth place: 2 candidates per hit and no rescoring, at half the server's
 * time; the hits bring their full vectors (`embedding_packed`) and their cosines are computed here.
 */
export const hybridKnnClause = (vector: number[], k: number, filter: Array<Record<string, unknown>>) => ({
  field: 'embedding',
  query_vector: vector,
  k,
  num_candidates: Math.max(100, k * 2),
  filter,
});

/** A vector as `embedding_packed` holds it: a quarter of its JSON's size, and no number to parse. */
export function packVector(vector: number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((x, i) => bytes.writeFloatLE(x, i * 4));
  return bytes.toString('base64');
}

export function unpackVector(packed: string): number[] {
  const bytes = Buffer.from(packed, 'base64');
  return Array.from({ length: Math.floor(bytes.length / 4) }, (_, i) => bytes.readFloatLE(i * 4));
}

/** Fields added to the mapping since MAPPING_VERSION 1: put on an existing index by ensureReady, no reindex needed. */
const ADDED_FIELDS = { embedding_packed: { type: 'binary' } } as const;

/**
 * The kNN graph of `embedding`: twice Elasticsearch's default links per vector and build candidates.
 * Identical vectors (a recurring alert, the same log line) fill each other's 16 default links and
 * hide true neighbours from the walk (docs/decisions/0006-elasticsearch-knn.md, "The graph").
 */
export const VECTOR_GRAPH = { type: 'int8_hnsw', m: 32, ef_construction: 200 } as const;
interface GraphOptions {
  type?: string;
  m?: number;
  ef_construction?: number;
}
const embeddingField = (dimensions: number) =>
  ({ type: 'dense_vector', dims: dimensions, index: true, similarity: 'cosine', index_options: VECTOR_GRAPH }) as const;

/**
 * The Elasticsearch backend: one index for every document type (a `type` keyword), `dense_vector`
 * with cosine similarity for kNN, the `standard` analyzer for BM25 (this distribution has no
 * language analyzers), and fusion in application code. Reads go through the alias; the physical
 * index name carries the mapping version and the model, so a change builds a new index beside the
 * old one and `npm run search:reindex` fills it from PostgreSQL before the alias moves.
 */
export function createElasticsearchEngine(options: {
  url: string;
  prefix: string;
  embedder: Embedder;
  fusion?: FusionParams;
  /** Make every write visible before it returns (tests). */
  refreshOnWrite?: boolean;
}): SearchEngine &
  Pick<HybridBackend, 'candidates' | 'semanticFor'> & {
    names: { alias: string; index: string };
    promote(): Promise<void>;
    drop(): Promise<void>;
  } {
  const { embedder } = options;
  const client = new Client({ node: options.url, requestTimeout: 30_000 });
  const names = elasticsearchIndexNames(options.prefix, embedder);
  const fusion = options.fusion ?? fusionFor(embedder.model);
  const refresh = options.refreshOnWrite ? 'wait_for' : false;

  const filters = (request: SearchRequest): Array<Record<string, unknown>> => {
    const f = request.filters ?? {};
    return [
      { term: { organization_id: request.organizationId } },
      ...(request.types?.length ? [{ terms: { type: request.types } }] : []),
      ...(f.severity ? [{ term: { severity: f.severity } }] : []),
      ...(f.status ? [{ term: { status: f.status } }] : []),
      ...(f.createdAfter || f.createdBefore
        ? [
            {
              range: {
                created_at: {
                  ...(f.createdAfter ? { gte: f.createdAfter.toISOString() } : {}),
                  ...(f.createdBefore ? { lt: f.createdBefore.toISOString() } : {}),
                },
              },
            },
          ]
        : []),
      ...(request.excludeIds?.length ? [{ bool: { must_not: { terms: { doc_id: request.excludeIds } } } }] : []),
    ];
  };

  type RawHit = { _score?: number | null; _source?: Source };
  // Highlights come later, for the hits returned only (term-highlights.ts).
  const toHit = (hit: RawHit): SearchHit => {
    const source = hit._source as Source;
    return {
      type: source.type,
      id: source.doc_id,
      title: source.title,
      snippet: escapeHtml(snippetOf(source.body)),
      score: hit._score ?? 0,
      highlights: [],
    };
  };
  const toCandidate = (hit: RawHit): Candidate => ({ hit: toHit(hit), text: `${hit._source?.title ?? ''}\n${hit._source?.body ?? ''}` });
  // kNN's cosine `_score` is (1 + cosine) / 2, kept non-negative; fusion wants the cosine itself.
  const toSemanticCandidate = (hit: RawHit): Candidate => ({ ...toCandidate(hit), cosine: 2 * (hit._score ?? 0) - 1 });
  // Hybrid's passes: the exact cosine from the hit's full vector (the query's and the stored ones are
  // unit length), in that order; a document indexed before `embedding_packed` keeps kNN's score.
  const toExactCandidates = (hits: RawHit[], queryVector: number[]): Candidate[] =>
    hits
      .map((hit) => {
        const packed = hit._source?.embedding_packed;
        if (!packed) return toSemanticCandidate(hit);
        const vector = unpackVector(packed);
        return { ...toCandidate(hit), cosine: cosineOf(queryVector, vector), vector };
      })
      .sort((a, b) => (b.cosine ?? 0) - (a.cosine ?? 0));
  const fields = ['type', 'doc_id', 'title', 'body'];

  // `track_total_hits: false` where the count is not used: counting every match of a long OR query
  // keeps Lucene from skipping the documents that cannot reach the top.
  const keywordBody = (request: SearchRequest, size: number, countMatches: boolean) => ({
    size,
    _source: fields,
    track_total_hits: countMatches,
    query: {
      bool: { must: { multi_match: { query: keywordQueryText(request.text), fields: ['title^2', 'body'] } }, filter: filters(request) },
    },
  });
  const knnBody = (request: SearchRequest, vector: number[], size: number) => ({
    size,
    _source: fields,
    knn: knnClause(vector, size, filters(request)),
  });
  // Hybrid's passes: the full vectors come back, for the exact cosines and the feedback vector.
  const hybridKnnBody = (request: SearchRequest, vector: number[], size: number) => ({
    size,
    _source: [...fields, 'embedding_packed'],
    knn: hybridKnnClause(vector, size, filters(request)),
  });
  const queryVector = async (request: SearchRequest) =>
    (await embedder.embed([request.semanticText ?? request.text], 'query'))[0] as number[];

  const keyword = async (request: SearchRequest, size: number) => {
    const response = await client.search<Source>({ index: names.alias, ...keywordBody(request, size, true) });
    const total = typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
    return { candidates: response.hits.hits.map(toCandidate), total };
  };

  const semantic = async (request: SearchRequest, size: number, vector: number[]) => {
    const response = await client.search<Source>({ index: names.alias, ...knnBody(request, vector, size) });
    return (response.hits.hits as RawHit[]).map(toSemanticCandidate);
  };

  const semanticFor = async (request: SearchRequest, depth: number, vector: number[]) => {
    const response = await client.search<Source>({ index: names.alias, ...hybridKnnBody(request, vector, depth) });
    return toExactCandidates(response.hits.hits as RawHit[], vector);
  };

  type MsearchItem = Awaited<ReturnType<typeof client.msearch<Source>>>['responses'][number];
  const hitsOf = (response: MsearchItem): RawHit[] => {
    if ('error' in response) {
      // Shaped like the client's own ResponseError, so a failing cluster still reads as an outage (503).
      throw Object.assign(new Error(`Elasticsearch search failed: ${response.error.type}: ${response.error.reason ?? ''}`), {
        name: 'ResponseError',
        statusCode: response.status,
      });
    }
    return response.hits.hits as RawHit[];
  };

  // The keyword side needs no vector: it runs while the query is embedded (as on PostgreSQL), and
  // kNN follows once the vector is there, instead of both waiting for the model in one msearch.
  const candidates = async (request: SearchRequest, depth: number) => {
    const vector = queryVector(request);
    const [bm25, knn] = await Promise.all([
      client.search<Source>({ index: names.alias, ...keywordBody(request, depth, false) }),
      vector.then((v) => client.search<Source>({ index: names.alias, ...hybridKnnBody(request, v, depth) })),
    ]);
    return {
      keyword: (bm25.hits.hits as RawHit[]).map(toCandidate),
      semantic: toExactCandidates(knn.hits.hits as RawHit[], await vector),
      queryVector: await vector,
    };
  };

  // Hybrid searches without feedback (a follow-up pass's analyses): every query embedded in one call
  // and every side of every search in one msearch, then each fused as `candidates` would have.
  const searchAll = async (requests: SearchRequest[]) => {
    if (requests.length === 0) return [];
    if (requests.some((request) => request.mode !== 'hybrid' || request.feedback !== false)) {
      const results = [];
      for (const request of requests) results.push(await search(request));
      return results;
    }
    const vectors = await embedder.embed(
      requests.map((request) => request.semanticText ?? request.text),
      'query',
    );
    const { responses } = await client.msearch<Source>({
      index: names.alias,
      searches: requests.flatMap((request, i) => {
        const depth = fusionDepth(request.limit);
        return [{}, hybridKnnBody(request, vectors[i] as number[], depth), {}, keywordBody(request, depth, false)];
      }),
    });
    const hits = responses.map(hitsOf);
    return Promise.all(
      requests.map((request, i) => {
        const queryVector = vectors[i] as number[];
        const sides = {
          keyword: (hits[2 * i + 1] as RawHit[]).map(toCandidate),
          semantic: toExactCandidates(hits[2 * i] as RawHit[], queryVector),
          queryVector,
        };
        return hybridSearch(request, fusion, { candidates: async () => sides, semanticFor, vectorsOf });
      }),
    );
  };

  // Hybrid's feedback pass, for documents indexed before `embedding_packed`: the stored vectors of
  // the few top documents (their ids carry the organization).
  const vectorsOf = async (request: SearchRequest, hits: SearchHit[]): Promise<Map<string, number[]>> => {
    if (!hits.length) return new Map();
    const response = await client.search<Source>({
      index: names.alias,
      size: hits.length,
      _source: ['type', 'doc_id', 'embedding'],
      query: {
        bool: {
          filter: [
            { term: { organization_id: request.organizationId } },
            { ids: { values: hits.map((hit) => `${request.organizationId}:${hit.type}:${hit.id}`) } },
          ],
        },
      },
    });
    return new Map(
      response.hits.hits
        .filter((hit) => hit._source?.embedding)
        .map((hit) => [`${hit._source?.type}:${hit._source?.doc_id}`, hit._source?.embedding as number[]]),
    );
  };

  async function search(request: SearchRequest) {
    if (request.mode === 'keyword') {
      const { candidates: found, total } = await keyword(request, request.limit);
      return { hits: highlightCandidates(request.text, found), total };
    }
    if (request.mode === 'semantic') {
      const hits = (await semantic(request, request.limit, await queryVector(request))).map(({ hit }) => hit);
      return { hits, total: hits.length };
    }
    return hybridSearch(request, fusion, { candidates, semanticFor, vectorsOf });
  }

  // An index built with a smaller graph gets VECTOR_GRAPH; Elasticsearch refuses to shrink one, so a
  // larger graph (set by an operator) stays as it is.
  const graphUpgrade = async (): Promise<{ embedding?: ReturnType<typeof embeddingField> }> => {
    const mapping = await client.indices.getMapping({ index: names.index });
    const field = mapping[names.index]?.mappings.properties?.embedding as { index_options?: GraphOptions } | undefined;
    const current = field?.index_options;
    if (current && current.type !== VECTOR_GRAPH.type) return {};
    const m = current?.m ?? 16;
    const efConstruction = current?.ef_construction ?? 100;
    const smaller = m < VECTOR_GRAPH.m || (m === VECTOR_GRAPH.m && efConstruction < VECTOR_GRAPH.ef_construction);
    return smaller ? { embedding: embeddingField(embedder.dimensions) } : {};
  };

  return {
    backend: 'elasticsearch',
    names,
    async ensureReady() {
      const exists = await client.indices.exists({ index: names.index });
      if (!exists) {
        await client.indices
          .create({
            index: names.index,
            settings: { number_of_shards: 1, number_of_replicas: 0 },
            mappings: {
              dynamic: 'strict',
              _meta: { model: embedder.model, dimensions: embedder.dimensions, mapping_version: MAPPING_VERSION },
              properties: {
                organization_id: { type: 'keyword' },
                type: { type: 'keyword' },
                doc_id: { type: 'keyword' },
                title: { type: 'text', analyzer: 'standard' },
                body: { type: 'text', analyzer: 'standard' },
                severity: { type: 'keyword' },
                status: { type: 'keyword' },
                created_at: { type: 'date' },
                embedding: embeddingField(embedder.dimensions),
                ...ADDED_FIELDS,
              },
            },
          })
          .catch((error: unknown) => {
            // Another process created it first.
            if (!(error instanceof errors.ResponseError && error.body?.error?.type === 'resource_already_exists_exception')) throw error;
          });
      } else await client.indices.putMapping({ index: names.index, properties: { ...ADDED_FIELDS, ...(await graphUpgrade()) } });
      if (!(await client.indices.existsAlias({ name: names.alias }))) {
        await client.indices.putAlias({ index: names.index, name: names.alias }).catch(() => undefined);
      }
    },
    async promote() {
      const current = await client.indices.getAlias({ name: names.alias }).catch(() => ({}));
      const actions: Array<Record<string, unknown>> = Object.keys(current)
        .filter((index) => index !== names.index)
        .map((index) => ({ remove: { index, alias: names.alias } }));
      actions.push({ add: { index: names.index, alias: names.alias } });
      await client.indices.updateAliases({ actions });
    },
    async upsert(documents: SearchDocument[]) {
      if (!documents.length) return;
      const vectors = await embedder.embed(documents.map((doc) => embeddingText(doc.title, doc.body)));
      const operations = documents.flatMap((doc, i) => [
        { index: { _index: names.index, _id: `${doc.organizationId}:${doc.type}:${doc.id}` } },
        {
          ...storedFields(doc),
          doc_id: doc.id,
          embedding: vectors[i],
          embedding_packed: packVector(vectors[i] as number[]),
        },
      ]);
      const response = await client.bulk({ operations, refresh });
      if (response.errors) {
        const failed = response.items.find((item) => item.index?.error)?.index?.error;
        throw new Error(`Elasticsearch bulk index failed: ${failed?.type ?? 'unknown'}: ${failed?.reason ?? ''}`);
      }
    },
    async remove(organizationId, type, id) {
      await client.delete({ index: names.index, id: `${organizationId}:${type}:${id}`, refresh }, { ignore: [404] });
    },
    search,
    searchAll,
    candidates,
    semanticFor,
    async refresh() {
      await client.indices.refresh({ index: names.index });
    },
    async drop() {
      await client.indices.delete({ index: names.index }, { ignore: [404] });
    },
    async close() {
      await client.close();
    },
  };
}
