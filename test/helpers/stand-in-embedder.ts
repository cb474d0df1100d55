import type { Embedder } from '../../shared/search/embedding/embedder.ts';

/** An embedder without a model, for tests of the search backends: each text's vector from `vectorOf`. */
export function standInEmbedder(model: string, dimensions: number, vectorOf: (text: string) => number[]): Embedder {
  return {
    model,
    dimensions,
    async embed(texts: string[]) {
      return texts.map(vectorOf);
    },
  } as Embedder;
}
