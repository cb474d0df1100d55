import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';

const url = process.env.ELASTICSEARCH_URL;
// A missing URL is a broken setup, not a reason to skip: fail loudly.
if (!url) throw new Error('ELASTICSEARCH_URL is not set; the integration globalSetup should have started Elasticsearch');

interface Incident {
  title: string;
  embedding: number[];
}

// Orthogonal vectors and disjoint vocabularies, so each query has exactly one obvious best match.
const incidents: Record<string, Incident> = {
  database: { title: 'database connection pool exhausted on the primary', embedding: [1, 0, 0] },
  disk: { title: 'disk full on the logging volume', embedding: [0, 1, 0] },
  certificate: { title: 'certificate expired on the public load balancer', embedding: [0, 0, 1] },
};

describe('Elasticsearch for the local environment', () => {
  const client = new Client({ node: url });
  const index = `tocsin-int-es-${randomUUID()}`;

  beforeAll(async () => {
    await client.indices.create({
      index,
      // One shard and no replica: scores are not split across shards and the index is green.
      settings: { number_of_shards: 1, number_of_replicas: 0 },
      mappings: {
        properties: {
          title: { type: 'text' },
          embedding: { type: 'dense_vector', dims: 3, similarity: 'cosine', index: true },
        },
      },
    });
    for (const [id, incident] of Object.entries(incidents)) {
      await client.index({ index, id, document: incident });
    }
    await client.indices.refresh({ index });
  });

  afterAll(async () => {
    await client.indices.delete({ index }, { ignore: [404] });
    await client.close();
  });

  it('finds the nearest vector with a kNN query', async () => {
    const result = await client.search<Incident>({
      index,
      knn: { field: 'embedding', query_vector: [0.2, 0.9, 0.1], k: 3, num_candidates: 10 },
    });
    expect(result.hits.hits.map((hit) => hit._id)).toEqual(['disk', 'database', 'certificate']);
  });

  it('ranks by BM25 with a match query', async () => {
    const result = await client.search<Incident>({ index, query: { match: { title: 'expired certificate' } } });
    expect(result.hits.hits[0]?._id).toBe('certificate');
    expect(result.hits.hits).toHaveLength(1);
  });
});
