/**
 * What a text is embedded as: some models are trained with a different prefix on search queries and
 * on the passages they retrieve (bge's retrieval instruction, e5's `query: `/`passage: `).
 */
export type EmbedPurpose = 'query' | 'document';

/** Turns texts into vectors; every vector of one embedder has `dimensions` entries and unit length. */
export interface Embedder {
  /** Recorded with every index, so vectors of different models never meet. */
  model: string;
  dimensions: number;
  /** A query and a document of one text get one vector (the model takes no purpose prefix). */
  symmetric?: boolean;
  /** `purpose` defaults to `document`. */
  embed(texts: string[], purpose?: EmbedPurpose): Promise<number[][]>;
}

export function normalize(vector: number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum) || 1;
  return vector.map((value) => value / norm);
}

/** The cosine of two of one embedder's vectors: their dot product, both being unit length. */
export function cosineOf(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

/** Splits a large request into batches and runs them one after another (the model is the bottleneck). */
export async function embedInBatches(
  texts: string[],
  batchSize: number,
  embedBatch: (batch: string[]) => Promise<number[][]>,
): Promise<number[][]> {
  const out: number[][] = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    out.push(...(await embedBatch(texts.slice(start, start + batchSize))));
  }
  return out;
}

/**
 * A cache in front of an embedder: a query typed twice, an unchanged document reindexed, or (for a
 * symmetric model) an incident's analysis right after its indexing, costs nothing.
 */
export function cachedEmbedder(inner: Embedder, maxEntries = 2_000): Embedder {
  const cache = new Map<string, number[]>();
  return {
    model: inner.model,
    dimensions: inner.dimensions,
    symmetric: inner.symmetric,
    async embed(texts, purpose = 'document') {
      const key = (text: string) => (purpose === 'query' && !inner.symmetric ? `q\u0000${text}` : text);
      const missing = [...new Set(texts.filter((text) => !cache.has(key(text))))];
      if (missing.length) {
        const vectors = await inner.embed(missing, purpose);
        missing.forEach((text, i) => {
          if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
          cache.set(key(text), vectors[i] as number[]);
        });
      }
      return texts.map((text) => cache.get(key(text)) as number[]);
    },
  };
}
