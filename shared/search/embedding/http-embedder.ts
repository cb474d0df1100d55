import { embedInBatches, normalize, type Embedder } from './embedder.ts';

/**
 * An OpenAI-compatible `/embeddings` endpoint (OpenAI, Ollama's /v1, text-embeddings-inference).
 * `url` is the base (`https://api.openai.com/v1`) or the full `/embeddings` address.
 */
export function createHttpEmbedder(options: {
  url: string;
  model: string;
  dimensions: number;
  apiKey?: string;
  batchSize?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): Embedder {
  const endpoint = /\/embeddings\/?$/.test(options.url) ? options.url : `${options.url.replace(/\/$/, '')}/embeddings`;
  const doFetch = options.fetch ?? fetch;
  const embedBatch = async (batch: string[]): Promise<number[][]> => {
    const response = await doFetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: options.model, input: batch }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new Error(`embeddings endpoint answered ${response.status}: ${text.slice(0, 200)}`);
    }
    const body = (await response.json()) as { data?: Array<{ index?: number; embedding: number[] }> };
    const data = [...(body.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    if (data.length !== batch.length) throw new Error(`embeddings endpoint returned ${data.length} vectors for ${batch.length} inputs`);
    return data.map(({ embedding }) => {
      if (embedding.length !== options.dimensions) {
        throw new Error(`embeddings endpoint returned ${embedding.length} dimensions, EMBEDDINGS_DIMENSIONS says ${options.dimensions}`);
      }
      return normalize(embedding);
    });
  };
  return {
    model: options.model,
    dimensions: options.dimensions,
    // The provider is sent no purpose.
    symmetric: true,
    embed: (texts) => embedInBatches(texts, options.batchSize ?? 64, embedBatch),
  };
}
