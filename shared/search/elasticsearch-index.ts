import { Client, errors } from '@elastic/elasticsearch';
import type { Embedder } from './embedder.ts';
import { embeddingText, fusionDepth, fusionFor, rankHybrid, snippetOf, type Candidate, type FusionParams } from './fusion.ts';
import { escapeHtml } from './highlight.ts';
import type { SearchDocument, SearchHit, SearchIndex, SearchRequest } from './search-index.ts';

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
  /** Read back only for hybrid's feedback pass. */
  embedding?: number[];
}

/**
 * The Elasticsearch backend: one index for every document type (a `type` keyword), `dense_vector`
 * with cosine similarity for kNN, the `standard` analyzer for BM25 (this distribution has no
 * language analyzers), and fusion in application code. Reads go through the alias; the physical
 * index name carries the mapping version and the model, so a change builds a new index beside the
 * old one and `npm run search:reindex` fills it from PostgreSQL before the alias moves.
 */
export function createElasticsearchSearchIndex(options: {
  url: string;
  prefix: string;
  embedder: Embedder;
  fusion?: FusionParams;
  /** Make every write visible before it returns (tests). */
  refreshOnWrite?: boolean;
}): SearchIndex & {
  names: { alias: string; index: string };
  promote(): Promise<void>;
  drop(): Promise<void>;
  candidates(request: SearchRequest, depth: number): Promise<{ keyword: Candidate[]; semantic: Candidate[]; queryVector: number[] }>;
  semanticFor(request: SearchRequest, depth: number, vector: number[]): Promise<Candidate[]>;
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

  type RawHit = { _score?: number | null; _source?: Source; highlight?: Record<string, string[]> };
  const toHits = (hits: RawHit[]): SearchHit[] =>
    hits.map((hit) => {
      const source = hit._source as Source;
      const highlights = [...(hit.highlight?.title ?? []), ...(hit.highlight?.body ?? [])];
      return {
        type: source.type,
        id: source.doc_id,
        title: source.title,
        snippet: hit.highlight?.body?.[0] ?? escapeHtml(snippetOf(source.body)),
        score: hit._score ?? 0,
        highlights,
      };
    });

  const keyword = async (request: SearchRequest, size: number) => {
    const response = await client.search<Source>({
      index: names.alias,
      size,
      _source: ['type', 'doc_id', 'title', 'body'],
      query: { bool: { must: { multi_match: { query: request.text, fields: ['title^2', 'body'] } }, filter: filters(request) } },
      // `html`: Elasticsearch escapes the fragment's text, then adds the tags.
      highlight: {
        encoder: 'html',
        pre_tags: ['<em>'],
        post_tags: ['</em>'],
        fields: { title: { number_of_fragments: 0 }, body: { fragment_size: 160, number_of_fragments: 2 } },
      },
    });
    const total = typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
    return { hits: toHits(response.hits.hits), total, raw: response.hits.hits as RawHit[] };
  };

  const textOf = (hit: RawHit) => `${hit._source?.title ?? ''}\n${hit._source?.body ?? ''}`;

  const queryVector = async (request: SearchRequest) => (await embedder.embed([request.text], 'query'))[0] as number[];

  // `withVectors`: hybrid's feedback pass needs the stored vectors of the top documents.
  const semantic = async (request: SearchRequest, size: number, vector: number[], withVectors = false) => {
    const response = await client.search<Source>({
      index: names.alias,
      size,
      _source: ['type', 'doc_id', 'title', 'body', ...(withVectors ? ['embedding'] : [])],
      knn: {
        field: 'embedding',
        query_vector: vector,
        k: size,
        num_candidates: Math.max(100, size * 4),
        filter: filters(request),
      },
    });
    return { hits: toHits(response.hits.hits), raw: response.hits.hits as RawHit[] };
  };

  // kNN's cosine `_score` is (1 + cosine) / 2, kept non-negative; fusion wants the cosine itself.
  const semanticCandidates = (s: { hits: SearchHit[]; raw: RawHit[] }) =>
    s.hits.map(
      (hit, i): Candidate => ({
        hit,
        text: textOf(s.raw[i] as RawHit),
        cosine: 2 * hit.score - 1,
        ...(s.raw[i]?._source?.embedding ? { vector: s.raw[i]?._source?.embedding } : {}),
      }),
    );

  const candidates = async (request: SearchRequest, depth: number) => {
    const vector = queryVector(request);
    const [k, s] = await Promise.all([keyword(request, depth), vector.then((v) => semantic(request, depth, v, true))]);
    return {
      keyword: k.hits.map((hit, i): Candidate => ({ hit, text: textOf(k.raw[i] as RawHit) })),
      semantic: semanticCandidates(s),
      queryVector: await vector,
    };
  };

  const semanticFor = async (request: SearchRequest, depth: number, vector: number[]) =>
    semanticCandidates(await semantic(request, depth, vector));

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
                embedding: { type: 'dense_vector', dims: embedder.dimensions, index: true, similarity: 'cosine' },
              },
            },
          })
          .catch((error: unknown) => {
            // Another process created it first.
            if (!(error instanceof errors.ResponseError && error.body?.error?.type === 'resource_already_exists_exception')) throw error;
          });
      }
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
          organization_id: doc.organizationId,
          type: doc.type,
          doc_id: doc.id,
          title: doc.title,
          body: doc.body,
          severity: doc.severity ?? null,
          status: doc.status ?? null,
          created_at: doc.createdAt.toISOString(),
          embedding: vectors[i],
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
    async search(request) {
      if (request.mode === 'keyword') {
        const { hits, total } = await keyword(request, request.limit);
        return { hits, total };
      }
      if (request.mode === 'semantic') {
        const { hits } = await semantic(request, request.limit, await queryVector(request));
        return { hits, total: hits.length };
      }
      const depth = fusionDepth(request.limit);
      const sides = await candidates(request, depth);
      const { hits, candidates: seen } = await rankHybrid(
        { text: request.text, kind: request.queryKind },
        sides,
        (vector) => semanticFor(request, depth, vector),
        fusion,
        request.limit,
      );
      return { hits, total: new Set(seen.map(({ hit }) => `${hit.type}:${hit.id}`)).size };
    },
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
