import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { embedInBatches, type Embedder } from './embedder.ts';
import { DEFAULT_LOCAL_MODEL, LOCAL_MODELS, type LocalModel, type LocalModelId } from './local-models.ts';

export const localModelDir = (cacheDir: string, model: LocalModelId = DEFAULT_LOCAL_MODEL): string =>
  join(cacheDir, 'models', LOCAL_MODELS[model].name);

export type LocalEmbedder = Embedder & { close(): Promise<void> };

type EmbedBatch = (texts: string[]) => Promise<number[][]>;

/**
 * One inference thread per process and model directory. This is the one module-level cache here,
 * forced by onnxruntime-node: once every thread that loaded its addon has exited, no later thread of
 * the process can load it again ("Module did not self-register"), so the thread is shared and never
 * terminated; it is unreferenced while idle, so it never keeps a process alive.
 */
const threads = new Map<string, Promise<EmbedBatch>>();

function startThread(modelDir: string, model: LocalModel, threadCount: number, lowPriority: boolean): Promise<EmbedBatch> {
  const worker = new Worker(new URL('./local-embedder.worker.ts', import.meta.url), {
    workerData: {
      modelDir,
      onnxFile: model.files.onnx.file,
      vocabFile: model.files.vocab.file,
      maxTokens: model.maxTokens,
      dimensions: model.dimensions,
      pooling: model.pooling,
      threads: threadCount,
      lowPriority,
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
 * A local model (local-models.ts) run in-process by onnxruntime-node, in a worker
 * thread: BERT WordPiece tokens → last hidden state → the model's pooling ([CLS] or the mean over
 * real tokens) → unit length, as sentence-transformers computes it, with the model's query or
 * passage prefix. The files come from `npm run model:install` (pinned by sha256); nothing is
 * fetched at run time.
 */
export async function createLocalEmbedder(options: {
  modelDir: string;
  model?: LocalModelId;
  batchSize?: number;
  threads?: number;
  /**
   * The inference thread at the lowest CPU priority (the worker process, where embedding is
   * follow-up): it takes the cycles ingestion and paging leave. The process's first embedder decides.
   */
  lowPriority?: boolean;
}): Promise<LocalEmbedder> {
  const model: LocalModel = LOCAL_MODELS[options.model ?? DEFAULT_LOCAL_MODEL];
  const onnx = await readFile(join(options.modelDir, model.files.onnx.file)).catch((error: unknown) => {
    throw new Error(`local embedding model missing in ${options.modelDir}: run \`npm run model:install\``, { cause: error });
  });
  if (createHash('sha256').update(onnx).digest('hex') !== model.files.onnx.sha256) {
    throw new Error(`${options.modelDir}/${model.files.onnx.file} is not ${model.name} (sha256); run \`npm run model:install\` again`);
  }
  let thread = threads.get(options.modelDir);
  if (!thread) {
    thread = startThread(options.modelDir, model, options.threads ?? 1, options.lowPriority ?? false);
    threads.set(options.modelDir, thread);
  }
  const embedBatch = await thread;
  return {
    model: model.name,
    dimensions: model.dimensions,
    symmetric: model.queryPrefix === model.documentPrefix,
    // Texts go to the inference thread 16 at a time: a query's waits behind at most that many.
    embed: (texts, purpose = 'document') => {
      const prefix = purpose === 'query' ? model.queryPrefix : model.documentPrefix;
      return embedInBatches(prefix ? texts.map((text) => prefix + text) : texts, options.batchSize ?? 16, embedBatch);
    },
    // The shared thread stays (see `threads`); there is nothing per embedder to release.
    async close() {},
  };
}
