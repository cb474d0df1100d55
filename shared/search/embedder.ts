/** Turns texts into vectors; every vector of one embedder has `dimensions` entries and unit length. */
export interface Embedder {
  /** Recorded with every index, so vectors of different models never meet. */
  model: string;
  dimensions: number;
  embed(texts: string[]): Promise<number[][]>;
}

export function normalize(vector: number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum) || 1;
  return vector.map((value) => value / norm);
}

/** Splits a large request into batches and runs them one after another (the model is the bottleneck). */
export async function embedInBatches(texts: string[], batchSize: number, embedBatch: (batch: string[]) => Promise<number[][]>): Promise<number[][]> {
  const out: number[][] = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    out.push(...(await embedBatch(texts.slice(start, start + batchSize))));
  }
  return out;
}

/** A cache in front of an embedder: a query typed twice, or an unchanged document reindexed, costs nothing. */
export function cachedEmbedder(inner: Embedder, maxEntries = 2_000): Embedder {
  const cache = new Map<string, number[]>();
  return {
    model: inner.model,
    dimensions: inner.dimensions,
    async embed(texts) {
      const missing = [...new Set(texts.filter((text) => !cache.has(text)))];
      if (missing.length) {
        const vectors = await inner.embed(missing);
        missing.forEach((text, i) => {
          if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
          cache.set(text, vectors[i] as number[]);
        });
      }
      return texts.map((text) => cache.get(text) as number[]);
    },
  };
}
