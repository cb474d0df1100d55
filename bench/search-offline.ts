// `node bench/search-offline.ts`: hybrid fusion tried offline, without PostgreSQL or Elasticsearch,
// on the fixture and the public corpora (bench/search-corpora.ts): the semantic side is an exact
// cosine scan (what PostgreSQL's exact search returns), the keyword side the documents holding any
// of the query's terms, best evidence first. Reports semantic, the shipped fusion and
// leave-one-corpus-out held-out fusion (weights fitted on the other corpora) per corpus and kind of
// query, nDCG@10, MRR@10 and recall@10 (OFFLINE_FIT=0: the shipped weights only, no fit). Embeddings are cached in OFFLINE_CACHE (default
// /tmp/tocsin-search-offline.json) so that trying a change costs no model run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { toolCacheDir } from '../shared/load-config.ts';
import { cosineOf } from '../shared/search/embedding/embedder.ts';
import { createLocalEmbedder, localModelDir } from '../shared/search/embedding/local-embedder.ts';
import { z } from 'zod';
import { DEFAULT_LOCAL_MODEL, LOCAL_MODEL_IDS } from '../shared/search/embedding/local-models.ts';
import { informativeQuery } from '../shared/search/query/error-log.ts';
import {
  embeddingText,
  fusionDepth,
  fusionFor,
  keywordEvidence,
  queryTerms,
  type Candidate,
  type FusionParams,
} from '../shared/search/query/fusion.ts';
import { classifyQuery } from '../shared/search/query/query-kind.ts';
import type { SearchDocument } from '../shared/search/port.ts';
import { evaluationSets } from './search-evaluation-sets.ts';
import { fitFusion, fusedRanking, fusionParamsSchema, K, keysOf, mean, mrrAt, ndcgAt, recallAt, type FusionCase } from './search-fit.ts';

const CACHE = process.env.OFFLINE_CACHE ?? '/tmp/tocsin-search-offline.json';
const hash = (text: string) => createHash('sha1').update(text).digest('hex');
const cache: Record<string, number[]> = existsSync(CACHE) ? JSON.parse(readFileSync(CACHE, 'utf8')) : {};
// LOCAL_EMBEDDINGS_MODEL picks the model, as for the API and the worker (`npm run model:install -- <model>` first).
const modelId = z
  .enum(LOCAL_MODEL_IDS)
  .default(DEFAULT_LOCAL_MODEL)
  .parse(process.env.LOCAL_EMBEDDINGS_MODEL || undefined);
const embedder = await createLocalEmbedder({ modelDir: localModelDir(toolCacheDir(), modelId), model: modelId, batchSize: 16 });
async function embed(texts: string[], purpose: 'query' | 'document'): Promise<number[][]> {
  const key = (text: string) => `${embedder.model}:${purpose === 'query' ? 'query-alone' : purpose}:${hash(text)}`;
  const missing = [...new Set(texts.filter((text) => !cache[key(text)]))];
  if (missing.length) {
    // A query alone, as the API embeds it (an int8 model's vector depends on the batch it is in).
    const vectors =
      purpose === 'query'
        ? (await Promise.all(missing.map((text) => embedder.embed([text], purpose)))).flat()
        : await embedder.embed(missing, purpose);
    missing.forEach((text, i) => (cache[key(text)] = (vectors[i] as number[]).map((x) => Math.round(x * 1e6) / 1e6)));
    writeFileSync(CACHE, JSON.stringify(cache));
  }
  return texts.map((text) => cache[key(text)] as number[]);
}

const sets = evaluationSets();
const casesOf = new Map<string, FusionCase[]>();
for (const set of sets) {
  const docs: SearchDocument[] = set.documents;
  const vectors = await embed(
    docs.map((doc) => embeddingText(doc.title, doc.body)),
    'document',
  );
  const textOf = docs.map((doc) => `${doc.title}\n${doc.body}`);
  const candidate = (i: number, cosine: number, vector?: number[]): Candidate => {
    const doc = docs[i] as SearchDocument;
    return {
      hit: { type: doc.type, id: doc.id, title: doc.title, snippet: '', score: cosine, highlights: [] },
      text: textOf[i] as string,
      cosine,
      vector,
    };
  };
  const scans = new Map<string, Candidate[]>();
  // Fitting runs the same second pass for many weights: one scan per vector.
  const exact = (vector: number[]) => {
    const key = vector.slice(0, 12).join(',');
    const known = scans.get(key);
    if (known) return known;
    const found = scanFor(vector);
    scans.set(key, found);
    return found;
  };
  const scanFor = (vector: number[]) =>
    vectors
      .map((v, i) => [i, cosineOf(v, vector)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, fusionDepth(K))
      .map(([i, cosine]) => candidate(i, cosine, vectors[i]));
  const sent = set.queries.map((query) =>
    classifyQuery(query.text) === 'error_log'
      ? { text: informativeQuery(query.text), kind: 'error_log' as const }
      : { text: query.text, kind: classifyQuery(query.text) },
  );
  const queryVectors = await embed(
    sent.map((query) => query.text),
    'query',
  );
  casesOf.set(
    set.name,
    set.queries.map((query, q) => {
      const terms = queryTerms(sent[q]?.text as string);
      const keyword = textOf
        .map((text, i) => [i, keywordEvidence(terms, text)] as const)
        .filter(([, evidence]) => evidence > 0)
        .sort((a, b) => b[1] - a[1])
        .slice(0, fusionDepth(K))
        .map(([i, evidence]) => candidate(i, evidence));
      return {
        scenario: `${set.corpus}:${query.group}`,
        corpus: set.corpus,
        text: sent[q]?.text as string,
        queryKind: sent[q]?.kind as FusionCase['queryKind'],
        keyword,
        semantic: scanFor(queryVectors[q] as number[]),
        relevant: query.relevant,
        queryVector: queryVectors[q],
        semanticFor: exact,
        label: query.kind,
      } as FusionCase & { label: string };
    }),
  );
}
await embedder.close();

type Ranker = (item: FusionCase, set: string) => string[];
const semanticRanker: Ranker = (item) => keysOf(item.semantic.slice(0, K).map((c) => c.hit));
// OFFLINE_WEIGHTS=<json>: weights to try in the shipped ones' place (a fit's line of this report).
const shipped: FusionParams = process.env.OFFLINE_WEIGHTS
  ? fusionParamsSchema.parse(JSON.parse(process.env.OFFLINE_WEIGHTS))
  : fusionFor(embedder.model);
const shippedRanker: Ranker = (item) => fusedRanking(item, shipped);
// Leave one corpus out: the weights for a corpus's queries are fitted on the other corpora's training sets.
const corpora = [...new Set(sets.map((set) => set.corpus))];
const training = (corpus: string) =>
  sets.filter((set) => set.training && set.corpus !== corpus).flatMap((set) => casesOf.get(set.name) ?? []);
const held = new Map(corpora.map((corpus) => [corpus, process.env.OFFLINE_FIT === '0' ? shipped : fitFusion(training(corpus), shipped)]));
const heldRanker: Ranker = (item, set) => fusedRanking(item, held.get(sets.find((s) => s.name === set)?.corpus as string) as never);
for (const [corpus, params] of held) process.stdout.write(`weights without ${corpus}: ${JSON.stringify(params)}\n`);
if (process.env.OFFLINE_FIT !== '0')
  process.stdout.write(`weights on every corpus: ${JSON.stringify(fitFusion(training(''), shipped))}\n\n`);

const rankers: Array<[string, Ranker]> = [
  ['semantic', semanticRanker],
  ['hybrid (shipped)', shippedRanker],
  ['hybrid (held-out corpus)', heldRanker],
];
for (const set of sets) {
  const cases = casesOf.get(set.name) as Array<FusionCase & { label: string }>;
  const kinds = [...new Set(cases.map((item) => item.label)), 'all'];
  process.stdout.write(`${set.name} (${set.documents.length} documents, ${cases.length} queries)\n`);
  process.stdout.write(`${''.padEnd(26)}${kinds.map((kind) => kind.padStart(21)).join('')}\n`);
  for (const [label, ranker] of rankers) {
    const rankings = cases.map((item) => ranker(item, set.name));
    const cell = (kind: string) => {
      const picked = cases
        .map((item, i) => [item, rankings[i] as string[]] as const)
        .filter(([item]) => kind === 'all' || item.label === kind);
      const m = (f: (r: string[], rel: Map<string, number>) => number) => mean(picked.map(([item, r]) => f(r, item.relevant))).toFixed(3);
      return `${m(ndcgAt)}/${m(mrrAt)}/${m(recallAt)}`.padStart(21);
    };
    process.stdout.write(`${label.padEnd(26)}${kinds.map(cell).join('')}\n`);
  }
  process.stdout.write('\n');
}
process.stdout.write('cells: nDCG@10/MRR@10/recall@10\n');
// OFFLINE_QUERIES=<set name>: each query of that set, semantic's nDCG@10 against the shipped fusion's,
// and where fusion ranks worse, the first line of each side's top three.
const QUERIES_OF = process.env.OFFLINE_QUERIES;
for (const item of (QUERIES_OF && casesOf.get(QUERIES_OF)) || []) {
  const [semantic, hybrid] = [semanticRanker, shippedRanker].map((ranker) => ranker(item, QUERIES_OF as string)) as [string[], string[]];
  const [s, h] = [ndcgAt(semantic, item.relevant), ndcgAt(hybrid, item.relevant)];
  process.stdout.write(
    `${(h - s).toFixed(3).padStart(7)} ${s.toFixed(3)} → ${h.toFixed(3)} ${item.queryKind.padEnd(10)} ${item.text.slice(0, 110).replace(/\s+/g, ' ')}\n`,
  );
  if (h >= s) continue;
  const lineOf = new Map(
    [...item.keyword, ...item.semantic].map((c) => [`${c.hit.type}:${c.hit.id}`, c.text.split('\n').slice(0, 2).join(' / ')]),
  );
  for (const [label, ranking] of [
    ['semantic', semantic],
    ['hybrid', hybrid],
  ] as const)
    process.stdout.write(
      `    ${label.padEnd(8)} ${ranking
        .slice(0, 3)
        .map((key) => `${item.relevant.get(key) ?? 0} ${lineOf.get(key)?.slice(0, 60)}`)
        .join(' | ')}\n`,
    );
}
