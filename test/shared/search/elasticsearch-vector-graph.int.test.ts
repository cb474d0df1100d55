import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import type { estypes } from '@elastic/elasticsearch';
import { standInEmbedder } from '../../helpers/stand-in-embedder.ts';
import { createElasticsearchEngine, VECTOR_GRAPH } from '../../../shared/search/engine/elasticsearch-index.ts';

// The kNN graph of `embedding`: a new index gets VECTOR_GRAPH, an index built with a smaller graph is
// given it by ensureReady, a larger one is left alone (integration: real Elasticsearch).
const DIMENSIONS = 8;
const embedder = standInEmbedder('vector-graph-test', DIMENSIONS, (text) =>
  Array.from({ length: DIMENSIONS }, (_, i) => (i === text.length % DIMENSIONS ? 1 : 0)),
);

const url = () => {
  const value = process.env.ELASTICSEARCH_URL;
  if (!value) throw new Error("ELASTICSEARCH_URL is not set: run through jest's integration project");
  return value;
};

describe('Elasticsearch vector graph (integration: real Elasticsearch)', () => {
  const client = new Client({ node: url() });
  afterAll(() => client.close());

  const withIndex = async (test: (index: ReturnType<typeof createElasticsearchEngine>) => Promise<void>) => {
    const index = createElasticsearchEngine({ url: url(), prefix: `test-${randomUUID().slice(0, 8)}`, embedder, refreshOnWrite: true });
    try {
      await test(index);
    } finally {
      await index.drop();
      await index.close();
    }
  };
  const graphOf = async (name: string) => {
    const mapping = await client.indices.getMapping({ index: name });
    return (mapping[name]?.mappings.properties?.embedding as { index_options?: unknown } | undefined)?.index_options;
  };
  const createWith = (name: string, indexOptions?: estypes.MappingDenseVectorIndexOptions) =>
    client.indices.create({
      index: name,
      mappings: {
        properties: {
          embedding: {
            type: 'dense_vector',
            dims: DIMENSIONS,
            index: true,
            similarity: 'cosine',
            ...(indexOptions ? { index_options: indexOptions } : {}),
          },
        },
      },
    });

  it('builds a new index with the graph', () =>
    withIndex(async (index) => {
      await index.ensureReady();
      expect(await graphOf(index.names.index)).toEqual(VECTOR_GRAPH);
    }));

  it.each<[string, estypes.MappingDenseVectorIndexOptions | undefined]>([
    ["Elasticsearch's defaults", undefined],
    ['fewer links', { type: 'int8_hnsw', m: 24, ef_construction: 400 }],
    ['the same links, fewer build candidates', { type: 'int8_hnsw', m: VECTOR_GRAPH.m, ef_construction: 120 }],
  ])('gives an index built with %s the graph', (_, indexOptions) =>
    withIndex(async (index) => {
      await createWith(index.names.index, indexOptions);
      await index.ensureReady();
      expect(await graphOf(index.names.index)).toEqual(VECTOR_GRAPH);
    }),
  );

  it.each<[string, estypes.MappingDenseVectorIndexOptions]>([
    ['more links', { type: 'int8_hnsw', m: 48, ef_construction: 200 }],
    ['another quantization', { type: 'hnsw', m: 16, ef_construction: 100 }],
  ])('leaves an index built with %s as it is', (_, indexOptions) =>
    withIndex(async (index) => {
      await createWith(index.names.index, indexOptions);
      await index.ensureReady();
      expect(await graphOf(index.names.index)).toEqual(indexOptions);
    }),
  );
});
