// `node bench/search-model-check.ts`: checks each quantized local model against its unquantized
// export from the same source (shared/search/embedding/local-models.ts: bge-small-en-v1.5 and e5-small-v2,
// int8 vs fp32), over the fixture's documents and queries embedded the way search embeds them
// (passage and query prefixes, the model's pooling), times single-query embedding per model, and
// indexing's throughput (documents embedded a second) on the fixture and the public corpora.
// No PyTorch and no internet here, so the fp32 ONNX is the reference: the same weights before
// quantization, through the same tokenizer and pooling. Installs the models it needs (Maven Central).
import { toolCacheDir } from '../shared/load-config.ts';
import { informativeQuery } from '../shared/search/query/error-log.ts';
import { cosineOf } from '../shared/search/embedding/embedder.ts';
import { embeddingText } from '../shared/search/query/fusion.ts';
import { createLocalEmbedder, localModelDir } from '../shared/search/embedding/local-embedder.ts';
import type { LocalModelId } from '../shared/search/embedding/local-models.ts';
import { installLocalModel } from '../dev/model-install.ts';
import { classifyQuery } from '../shared/search/query/query-kind.ts';
import { percentile } from './percentile.ts';
import { mean, ndcgAt } from './search-fit.ts';
import { loadCorpus, PUBLIC_CORPORA } from './search-corpora.ts';
import { buildFixture, QUERY_KINDS_OF_FIXTURE } from './search-fixtures.ts';

// MODEL_CHECK=pairs,ranking,latency,throughput (default all) picks the parts; MODEL_CHECK_MODELS the models ranked and timed.
const PARTS = (process.env.MODEL_CHECK ?? 'pairs,ranking,latency,throughput').split(',');
const PAIRS: Array<[LocalModelId, LocalModelId]> = [
  ['bge-small-en-v1.5', 'bge-small-en-v1.5-fp32'],
  ['e5-small-v2', 'e5-small-v2-fp32'],
];
const MODELS = (process.env.MODEL_CHECK_MODELS ?? 'all-minilm-l6-v2-xenova,bge-small-en-v1.5,e5-small-v2').split(',') as LocalModelId[];

let n = 0;
const { documents, queries } = buildFixture('00000000-0000-0000-0000-000000000000', () => `doc-${n++}`);
const documentTexts = documents.map((doc) => embeddingText(doc.title, doc.body));
const queryTexts = queries.map((query) => (classifyQuery(query.text) === 'error_log' ? informativeQuery(query.text) : query.text));
const cacheDir = toolCacheDir();
const log = (message: string) => process.stderr.write(`${message}\n`);

const embedderOf = async (model: LocalModelId) => {
  await installLocalModel({ cacheDir, model, log });
  return createLocalEmbedder({ modelDir: localModelDir(cacheDir, model), model, batchSize: 16 });
};
const summary = (values: number[]) =>
  `min ${Math.min(...values).toFixed(4)}, p5 ${percentile(values, 5).toFixed(4)}, mean ${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(4)}`;

for (const [quantized, reference] of PARTS.includes('pairs') ? PAIRS : []) {
  const [q, r] = [await embedderOf(quantized), await embedderOf(reference)];
  // Every fourth document (92 of 368: the scenarios' incidents, runbooks, articles, distractors and noise alike) and every query.
  const someDocuments = documentTexts.filter((_text, i) => i % 4 === 0);
  for (const [label, texts, purpose] of [
    ['documents', someDocuments, 'document'],
    ['queries', queryTexts, 'query'],
  ] as const) {
    const [a, b] = [await q.embed(texts, purpose), await r.embed(texts, purpose)];
    const cosines = a.map((vector, i) => cosineOf(vector, b[i] as number[]));
    process.stdout.write(`${quantized} vs ${reference}, ${texts.length} ${label}: cosine ${summary(cosines)}\n`);
  }
  // int8 exports quantize activations dynamically, per tensor: a text's vector may depend on the
  // other texts of its batch and their padding. Alone against in a batch of 16:
  const sample = documentTexts.slice(0, 48);
  const batched = await q.embed(sample);
  const alone: number[][] = [];
  for (const text of sample) alone.push(...(await q.embed([text])));
  process.stdout.write(
    `${quantized}, ${sample.length} documents alone vs in batches of 16: cosine ${summary(alone.map((vector, i) => cosineOf(vector, batched[i] as number[])))}\n`,
  );
}

// Semantic ranking alone (exact cosine over the fixture, as PostgreSQL's semantic search ranks it): nDCG@10 per kind of query.
for (const model of PARTS.includes('ranking') ? MODELS : []) {
  const embedder = await embedderOf(model);
  const docs = await embedder.embed(documentTexts);
  const keys = documents.map((doc) => `${doc.type}:${doc.id}`);
  for (const purpose of ['query', 'document'] as const) {
    const vectors = await embedder.embed(queryTexts, purpose);
    const scores = queries.map((query, i) => ({
      kind: query.kind,
      ndcg: ndcgAt(
        docs
          .map((doc, d) => [keys[d] as string, cosineOf(doc, vectors[i] as number[])] as const)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 10)
          .map(([key]) => key),
        query.relevant,
      ),
    }));
    const cell = (kind?: string) => mean(scores.filter((score) => !kind || score.kind === kind).map((score) => score.ndcg)).toFixed(3);
    process.stdout.write(
      `${model} semantic nDCG@10, queries embedded as ${purpose === 'query' ? 'queries' : 'passages (no query prefix)'}: ${QUERY_KINDS_OF_FIXTURE.map((kind) => `${kind} ${cell(kind)}`).join(', ')}, all ${cell()}\n`,
    );
  }
}

for (const model of PARTS.includes('latency') ? MODELS : []) {
  const embedder = await embedderOf(model);
  await embedder.embed(['warm up'], 'query');
  const times: number[] = [];
  // CPU time as well as wall time: on a shared machine the wall time measures the load, the CPU time the model.
  const cpuTimes: number[] = [];
  for (const text of queryTexts) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await embedder.embed([text], 'query');
    const cpu = process.cpuUsage(cpuBefore);
    times.push(performance.now() - started);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  process.stdout.write(
    `${model}: one query embedded in p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms wall; ` +
      `CPU p50 ${percentile(cpuTimes, 50).toFixed(1)} ms, p95 ${percentile(cpuTimes, 95).toFixed(1)} ms (${queryTexts.length} queries, 1 thread)\n`,
  );
}

// Indexing's side: a pass's documents in one embed call, as the follow-up sends them. The public
// corpora's runbooks and answers run from a line to a page, the fixture's documents from an alert to
// an article; each set twice, the faster run kept.
const throughputSets = (): Array<readonly [string, string[]]> => [
  ['fixture', documentTexts],
  ...Object.keys(PUBLIC_CORPORA).map((name) => {
    const corpus = loadCorpus(name, '00000000-0000-0000-0000-000000000000', (key) => key);
    return [name, corpus.documents.map((doc) => embeddingText(doc.title, doc.body))] as const;
  }),
];
for (const model of PARTS.includes('throughput') ? MODELS : []) {
  const embedder = await embedderOf(model);
  await embedder.embed(['warm up']);
  for (const [name, texts] of throughputSets()) {
    let best = Infinity;
    for (let run = 0; run < 2; run++) {
      const started = performance.now();
      // A different text each run, so no cache in front of the model could answer.
      await embedder.embed(texts.map((text) => `${text} ${run}`));
      best = Math.min(best, performance.now() - started);
    }
    process.stdout.write(
      `${model}: ${name}, ${texts.length} documents embedded in ${best.toFixed(0)} ms (${((texts.length * 1000) / best).toFixed(0)} documents/s, 1 thread)\n`,
    );
  }
}
