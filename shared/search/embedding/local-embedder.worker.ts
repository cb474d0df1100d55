// Runs a local embedding model in a worker thread: inference stays off the event loop of the API or the
// worker process, and onnxruntime's native tensors live in a plain Node realm (Jest's VM realms
// reject them).
import { readFile } from 'node:fs/promises';
import { constants, setPriority } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import ort from 'onnxruntime-node';
import { createWordPieceTokenizer, vocabularyOf } from './wordpiece.ts';

interface Setup {
  modelDir: string;
  onnxFile: string;
  vocabFile: string;
  maxTokens: number;
  dimensions: number;
  pooling: 'cls' | 'mean';
  threads: number;
  lowPriority: boolean;
}

const setup = workerData as Setup;
const port = parentPort;
if (!port) throw new Error('local-embedder.worker.ts runs as a worker thread');

// On Linux the nice value is per thread (onnxruntime's own threads, started below, inherit it): the
// worker's follow-up embeds on the cycles ingestion and paging leave.
if (setup.lowPriority) {
  try {
    setPriority(constants.priority.PRIORITY_LOW);
  } catch {
    // Not permitted or not supported: the follow-up queue's slots still bound it.
  }
}

const [onnx, vocabText] = await Promise.all([
  readFile(join(setup.modelDir, setup.onnxFile)),
  readFile(join(setup.modelDir, setup.vocabFile), 'utf8'),
]);
const session = await ort.InferenceSession.create(onnx, {
  intraOpNumThreads: setup.threads,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
});
const tokenizer = createWordPieceTokenizer(vocabularyOf(setup.vocabFile, vocabText));

/**
 * One text per inference call. The int8 model quantizes its activations per call, so a text batched
 * with others got a vector that depended on them (cosine 0.986 to its own at worst, on the public
 * corpora): alone, a text always gets the same vector, which the distinct-vector index (migration
 * 20261215010000) needs to find a recurring alert's copies, and a query its document's. With one
 * inference thread a batch saved only the per-call overhead while padding every text to the longest
 * (docs/decisions/0033-one-text-per-inference.md).
 */
async function embed(texts: string[]): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (const text of texts) vectors.push(await embedAlone(tokenizer.encode(text, setup.maxTokens)));
  return vectors;
}

async function embedAlone(tokens: number[]): Promise<Float32Array> {
  const dims = [1, tokens.length];
  const output = await session.run({
    input_ids: new ort.Tensor(
      'int64',
      BigInt64Array.from(tokens, (token) => BigInt(token)),
      dims,
    ),
    attention_mask: new ort.Tensor('int64', new BigInt64Array(tokens.length).fill(1n), dims),
    token_type_ids: new ort.Tensor('int64', new BigInt64Array(tokens.length), dims),
  });
  const hidden = output.last_hidden_state?.data as Float32Array;
  const width = setup.dimensions;
  // The model's pooling ([CLS]: the first token's state; mean: over the tokens), then unit length.
  const vector = new Float32Array(width);
  const pooledTokens = setup.pooling === 'cls' ? 1 : tokens.length;
  for (let col = 0; col < pooledTokens; col++) {
    for (let d = 0; d < width; d++) vector[d] = (vector[d] as number) + (hidden[col * width + d] as number);
  }
  let norm = 0;
  for (let d = 0; d < width; d++) norm += (vector[d] as number) ** 2;
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < width; d++) vector[d] = (vector[d] as number) / norm;
  return vector;
}

port.on('message', (message: { id: number; texts: string[] }) => {
  embed(message.texts).then(
    (vectors) => port.postMessage({ id: message.id, vectors }),
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
port.postMessage({ ready: true });
