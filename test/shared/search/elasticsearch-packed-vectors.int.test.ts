import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { standInEmbedder } from '../../helpers/stand-in-embedder.ts';
import { cosineOf } from '../../../shared/search/embedding/embedder.ts';
import { createElasticsearchEngine, packVector, unpackVector } from '../../../shared/search/engine/elasticsearch-index.ts';
import type { Candidate } from '../../../shared/search/query/fusion.ts';
import type { SearchDocument } from '../../../shared/search/port.ts';

// Hybrid's first semantic pass on Elasticsearch ships each candidate's vector packed (float32,
// base64) for the feedback pass, instead of a second look-up (integration: real Elasticsearch).
const DIMENSIONS = 8;
const vectorOf = (text: string): number[] => {
  const raw = Array.from({ length: DIMENSIONS }, (_, i) => Math.sin(text.length * (i + 1) + (text.charCodeAt(i % text.length) || 1)));
  const norm = Math.hypot(...raw);
  return raw.map((x) => x / norm);
};
const embedder = standInEmbedder('packed-vectors-test', DIMENSIONS, vectorOf);

const url = () => {
  const value = process.env.ELASTICSEARCH_URL;
  if (!value) throw new Error("ELASTICSEARCH_URL is not set: run through jest's integration project");
  return value;
};

const newIndex = () =>
  createElasticsearchEngine({ url: url(), prefix: `test-${randomUUID().slice(0, 8)}`, embedder, refreshOnWrite: true });

describe('Elasticsearch packed vectors (integration: real Elasticsearch)', () => {
  const organizationId = randomUUID();
  const documents: SearchDocument[] = ['disk full on db-1', 'checkout latency over 2s', 'certificate expires in 3 days'].map(
    (title, i) => ({
      organizationId,
      type: 'incident',
      id: `doc-${i}`,
      title,
      body: `${title}: body ${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 1)),
    }),
  );

  it('packs a vector to float32 and back', () => {
    const vector = vectorOf('a text');
    const unpacked = unpackVector(packVector(vector));
    expect(unpacked).toHaveLength(DIMENSIONS);
    unpacked.forEach((x, i) => expect(x).toBeCloseTo(vector[i] as number, 6));
    expect(packVector(vector)).toHaveLength(Math.ceil((DIMENSIONS * 4) / 3) * 4);
  });

  it("gives hybrid's first semantic pass each document's stored vector", async () => {
    const index = newIndex();
    try {
      await index.ensureReady();
      await index.upsert(documents);
      const { semantic } = await index.candidates({ organizationId, text: 'disk full', mode: 'hybrid', limit: 10 }, 50);
      expect(semantic).toHaveLength(documents.length);
      for (const candidate of semantic) {
        const document = documents.find((doc) => doc.id === candidate.hit.id) as SearchDocument;
        const stored = vectorOf(`${document.title}\n${document.body}`);
        expect(candidate.vector).toHaveLength(DIMENSIONS);
        candidate.vector?.forEach((x, i) => expect(x).toBeCloseTo(stored[i] as number, 6));
      }
    } finally {
      await index.drop();
      await index.close();
    }
  });

  // Hybrid's kNN passes ask for fewer candidates and no rescoring: the cosines come from the full vectors.
  it("scores hybrid's passes by the exact cosine of the stored vectors, best first", async () => {
    const index = newIndex();
    const expectExact = (found: Candidate[], query: number[]) => {
      expect(found).toHaveLength(documents.length);
      const expected = documents
        .map((doc) => ({ id: doc.id, cosine: cosineOf(query, vectorOf(`${doc.title}\n${doc.body}`)) }))
        .sort((a, b) => b.cosine - a.cosine);
      expect(found.map(({ hit }) => hit.id)).toEqual(expected.map(({ id }) => id));
      found.forEach((candidate, i) => expect(candidate.cosine).toBeCloseTo(expected[i]?.cosine as number, 5));
    };
    try {
      await index.ensureReady();
      await index.upsert(documents);
      const request = { organizationId, text: 'certificate expires', mode: 'hybrid' as const, limit: 10 };
      const { semantic, queryVector } = await index.candidates(request, 50);
      expectExact(semantic, queryVector);
      const moved = vectorOf('checkout latency');
      expectExact(await index.semanticFor(request, 50, moved), moved);
    } finally {
      await index.drop();
      await index.close();
    }
  });

  it('adds the field to an index created before it, whose documents hybrid still ranks', async () => {
    const index = newIndex();
    const client = new Client({ node: url() });
    try {
      // The mapping as MAPPING_VERSION 1 first had it, and a document written then (no packed vector).
      await client.indices.create({
        index: index.names.index,
        mappings: {
          dynamic: 'strict',
          properties: {
            organization_id: { type: 'keyword' },
            type: { type: 'keyword' },
            doc_id: { type: 'keyword' },
            title: { type: 'text' },
            body: { type: 'text' },
            severity: { type: 'keyword' },
            status: { type: 'keyword' },
            created_at: { type: 'date' },
            embedding: { type: 'dense_vector', dims: DIMENSIONS, index: true, similarity: 'cosine' },
          },
        },
      });
      const [old] = documents as [SearchDocument];
      await client.index({
        index: index.names.index,
        id: `${organizationId}:incident:${old.id}`,
        refresh: true,
        document: {
          organization_id: organizationId,
          type: 'incident',
          doc_id: old.id,
          title: old.title,
          body: old.body,
          created_at: old.createdAt.toISOString(),
          embedding: vectorOf(`${old.title}\n${old.body}`),
        },
      });
      await index.ensureReady();
      const mapping = await client.indices.getMapping({ index: index.names.index });
      expect(mapping[index.names.index]?.mappings.properties?.embedding_packed).toEqual({ type: 'binary' });
      await index.upsert(documents.slice(1));
      const found = await index.search({ organizationId, text: 'disk full on db-1', mode: 'hybrid', limit: 10 });
      expect(found.hits.map((hit) => hit.id).sort()).toEqual(documents.map((doc) => doc.id).sort());
      const { semantic } = await index.candidates({ organizationId, text: 'disk full', mode: 'hybrid', limit: 10 }, 50);
      expect(semantic.find((candidate) => candidate.hit.id === old.id)?.vector).toBeUndefined();
      expect(semantic.filter((candidate) => candidate.vector)).toHaveLength(documents.length - 1);
    } finally {
      await index.drop();
      await index.close();
      await client.close();
    }
  });
});
