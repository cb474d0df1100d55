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

async function embed(texts: string[]): Promise<Float32Array[]> {
  const encoded = texts.map((text) => tokenizer.encode(text, setup.maxTokens));
  const length = Math.max(...encoded.map((ids) => ids.length));
  const size = texts.length * length;
  const ids = new BigInt64Array(size).fill(BigInt(tokenizer.padId));
  const mask = new BigInt64Array(size);
  encoded.forEach((tokens, row) =>
    tokens.forEach((token, col) => {
      ids[row * length + col] = BigInt(token);
      mask[row * length + col] = 1n;
    }),
  );
  const dims = [texts.length, length];
  const output = await session.run({
    input_ids: new ort.Tensor('int64', ids, dims),
    attention_mask: new ort.Tensor('int64', mask, dims),
    token_type_ids: new ort.Tensor('int64', new BigInt64Array(size), dims),
  });
  const hidden = output.last_hidden_state?.data as Float32Array;
  const width = setup.dimensions;
  // The model's pooling ([CLS]: the first token's state; mean: over the real tokens), then unit length.
  return encoded.map((tokens, row) => {
    const vector = new Float32Array(width);
    const pooledTokens = setup.pooling === 'cls' ? 1 : tokens.length;
    for (let col = 0; col < pooledTokens; col++) {
      const offset = (row * length + col) * width;
      for (let d = 0; d < width; d++) vector[d] = (vector[d] as number) + (hidden[offset + d] as number);
    }
    let norm = 0;
    for (let d = 0; d < width; d++) norm += (vector[d] as number) ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < width; d++) vector[d] = (vector[d] as number) / norm;
    return vector;
  });
}

port.on('message', (message: { id: number; texts: string[] }) => {
  embed(message.texts).then(
    (vectors) => port.postMessage({ id: message.id, vectors }),
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
port.postMessage({ ready: true });
