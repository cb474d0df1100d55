import { classifyQuery, isIdentifierToken, queryTokens, STOPWORDS, type QueryKind } from './query-kind.ts';
import type { SearchHit } from './search-index.ts';

/**
 * One document a side of the search brought back, with what fusion needs beyond the hit: its text
 * (title and body, to weigh the keyword evidence the same way on both backends) and, from the
 * semantic side, its cosine similarity to the query.
 */
export interface Candidate {
  hit: SearchHit;
  text: string;
  cosine?: number;
  /** From the semantic side: the document's stored vector, for pseudo-relevance feedback. */
  vector?: number[];
}

/**
 * Fusion for one kind of query: score = cosine + keyword × evidence, where evidence in [0, 1] is the
 * weighted share of the query's terms the document holds. Both terms are absolute, so a list whose
 * best lexical match is weak stays weak (min-max normalization gave it 1.0 whatever it was).
 */
export interface KindWeights {
  keyword: number;
  /**
   * Pseudo-relevance feedback (Rocchio): the semantic side runs a second time with the query's
   * vector plus `weight` × the mean vector of the first fused ranking's top `depth` documents, and
   * fusion ranks again with that side. Absent or weight 0: one pass.
   */
  feedback?: { weight: number; depth: number };
}

export type FusionParams = Record<QueryKind, KindWeights>;

/**
 * Fitted for all-MiniLM-L6-v2 on the labeled fixture of `npm run bench:search` (every query; the
 * benchmark reports the 6-fold held-out scores of the same procedure). On prose the keyword side earned nothing: a
 * paraphrase shares few words with what answers it and many with what does not.
 */
export const DEFAULT_FUSION: FusionParams = {
  error_log: { keyword: 0.1 },
  identifier: { keyword: 0.3 },
  mixed: { keyword: 0.2 },
  prose: { keyword: 0 },
};

/**
 * Weights fitted the same way for each local model (by its recorded name): cosines of two models
 * are on different scales (bge's sit higher and closer together than MiniLM's), so one keyword
 * weight does not mean the same against both. Any other model (an HTTP provider) gets DEFAULT_FUSION.
 */
const FUSION_BY_MODEL: Record<string, FusionParams> = {
  'all-MiniLM-L6-v2-onnx-int8': DEFAULT_FUSION,
  // With pseudo-relevance feedback (fitted with it; the folds agree on feedback for every kind,
  // the keyword weight of mixed queries varies 0.3 to 0.75 across folds).
  'all-MiniLM-L6-v2-onnx-int8-xenova': {
    error_log: { keyword: 0.15, feedback: { weight: 0.25, depth: 3 } },
    identifier: { keyword: 0.2, feedback: { weight: 2, depth: 3 } },
    mixed: { keyword: 0.75, feedback: { weight: 1, depth: 3 } },
    prose: { keyword: 0.2, feedback: { weight: 2, depth: 5 } },
  },
  // bge's paraphrase ranking is weaker here, and the keyword side helps it even on prose.
  'bge-small-en-v1.5-onnx-int8': {
    error_log: { keyword: 0.05 },
    identifier: { keyword: 0.15 },
    mixed: { keyword: 0.15 },
    prose: { keyword: 0.2 },
  },
  // e5's cosines sit in a narrow band (about 0.7 to 0.9): a small weight already moves a rank.
  'e5-small-v2-onnx-int8': {
    error_log: { keyword: 0.05 },
    identifier: { keyword: 0.05 },
    mixed: { keyword: 0.05 },
    prose: { keyword: 0.05 },
  },
};

export const fusionFor = (model: string): FusionParams => FUSION_BY_MODEL[model] ?? DEFAULT_FUSION;

/** Words a log line carries whatever went wrong: they say nothing about which document answers it. */
const LOG_WORDS = new Set([
  'error',
  'errors',
  'info',
  'warn',
  'warning',
  'fatal',
  'debug',
  'exception',
  'failed',
  'retrying',
  'caused',
  'at',
]);

const IDENTIFIER_WEIGHT = 2;
const LOG_WORD_WEIGHT = 0.25;

/** Light suffix stripping, so `connections` meets `connection` on both backends alike. */
export function stem(word: string): string {
  for (const [suffix, replacement] of [
    ['ations', 'ate'],
    ['ation', 'ate'],
    ['ings', ''],
    ['ing', ''],
    ['ions', ''],
    ['ion', ''],
    ['ies', 'y'],
    ['es', ''],
    ['ed', ''],
    ['s', ''],
  ] as const) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, word.length - suffix.length) + replacement;
  }
  return word;
}

interface QueryTerm {
  /** Lower case; an identifier is matched whole, anything else by the stems of its parts. */
  text: string;
  /** Set for an identifier: whole, so `ip-10-0-3-17` matches neither `ip-10-0-3-171` nor `53300` `153300`. */
  whole?: RegExp;
  parts: string[];
  weight: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function queryTerms(text: string): QueryTerm[] {
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  for (const token of queryTokens(text)) {
    const lower = token.toLowerCase();
    if (seen.has(lower) || STOPWORDS.has(lower) || lower.length < 2) continue;
    seen.add(lower);
    // `ERROR` is upper case, yet boilerplate, not a name.
    const logWord = LOG_WORDS.has(lower);
    const identifier = !logWord && isIdentifierToken(token);
    const parts = (lower.match(/[\p{L}\p{N}]+/gu) ?? []).map(stem);
    const whole = identifier ? new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRegExp(lower)}(?![\\p{L}\\p{N}_-])`, 'u') : undefined;
    terms.push({ text: lower, whole, parts, weight: identifier ? IDENTIFIER_WEIGHT : logWord ? LOG_WORD_WEIGHT : 1 });
    if (terms.length >= 64) break;
  }
  return terms;
}

/**
 * The keyword evidence of one document for one query, in [0, 1]: the weighted share of the query's
 * terms it contains (identifiers whole and weighing double, log boilerplate a quarter). Absolute, so
 * a list whose best match shares one common word gets a low score, not the 1.0 min-max gave it.
 */
export function keywordEvidence(terms: QueryTerm[], documentText: string): number {
  if (!terms.length) return 0;
  const lower = documentText.toLowerCase();
  const stems = new Set((lower.match(/[\p{L}\p{N}]+/gu) ?? []).map(stem));
  let total = 0;
  let matched = 0;
  for (const term of terms) {
    total += term.weight;
    if (term.whole) {
      if (term.whole.test(lower)) matched += term.weight;
    } else {
      const found = term.parts.filter((part) => stems.has(part)).length;
      matched += (term.weight * found) / Math.max(term.parts.length, 1);
    }
  }
  return total ? matched / total : 0;
}

const keyOf = (hit: SearchHit) => `${hit.type}:${hit.id}`;

/**
 * The second pass's query vector: the query's plus `weight` × the mean of the vectors of the top
 * `depth` documents of the first fused ranking that the semantic side returned (those carry their
 * vectors; a keyword-only document does not), unit length. Undefined when feedback is off or no
 * top document has a vector.
 */
export function feedbackVector(
  queryVector: number[],
  ranked: SearchHit[],
  semantic: Candidate[],
  feedback: KindWeights['feedback'],
): number[] | undefined {
  if (!feedback?.weight) return undefined;
  const vectors = new Map(
    semantic.filter((candidate) => candidate.vector).map((candidate) => [keyOf(candidate.hit), candidate.vector as number[]]),
  );
  const top = ranked
    .map((hit) => vectors.get(keyOf(hit)))
    .filter((vector): vector is number[] => vector !== undefined)
    .slice(0, feedback.depth);
  if (!top.length) return undefined;
  const moved = queryVector.map((x, i) => x + (feedback.weight * top.reduce((sum, vector) => sum + (vector[i] ?? 0), 0)) / top.length);
  const norm = Math.sqrt(moved.reduce((sum, x) => sum + x * x, 0)) || 1;
  return moved.map((x) => x / norm);
}

/**
 * Hybrid fusion, the same for both backends: the union of both sides' candidates, each scored by
 * its cosine (a keyword-only candidate gets the lowest cosine the semantic side returned, a bound:
 * it was not in that side's top) plus the keyword evidence weighed for the kind of query.
 */
export function fuse(
  query: { text: string; kind?: QueryKind },
  keyword: Candidate[],
  semantic: Candidate[],
  params: FusionParams,
  limit: number,
): SearchHit[] {
  const weights = params[query.kind ?? classifyQuery(query.text)];
  const terms = queryTerms(query.text);
  const cosines = semantic.map((candidate) => candidate.cosine ?? 0);
  const floor = cosines.length ? Math.min(...cosines) : 0;
  const byKey = new Map<string, { hit: SearchHit; text: string; cosine: number }>();
  for (const candidate of semantic)
    byKey.set(keyOf(candidate.hit), { hit: candidate.hit, text: candidate.text, cosine: candidate.cosine ?? 0 });
  for (const candidate of keyword) {
    const key = keyOf(candidate.hit);
    const seen = byKey.get(key);
    // Keep the keyword side's snippet and highlights: they show the matching words.
    byKey.set(key, { hit: candidate.hit, text: candidate.text, cosine: seen?.cosine ?? floor });
  }
  return [...byKey.values()]
    .map(({ hit, text, cosine }) => ({ ...hit, score: cosine + (weights.keyword && weights.keyword * keywordEvidence(terms, text)) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

/**
 * Hybrid search as both backends run it: fuse the two sides; where the kind of query has feedback,
 * read the stored vectors of the few top documents the semantic side returned (`vectorsOf`: a
 * handful of vectors instead of every candidate's, which cost more to ship and parse than the
 * look-up), run the semantic side again with the feedback vector and fuse with that. The keyword
 * side is fetched once.
 */
export async function rankHybrid(
  query: { text: string; kind?: QueryKind },
  sides: { keyword: Candidate[]; semantic: Candidate[]; queryVector: number[] },
  backend: {
    semanticFor: (vector: number[]) => Promise<Candidate[]>;
    /** The stored vectors of these hits, by `type:id`; candidates that already carry one need no look-up. */
    vectorsOf?: (hits: SearchHit[]) => Promise<Map<string, number[]>>;
  },
  params: FusionParams,
  limit: number,
): Promise<{ hits: SearchHit[]; candidates: Candidate[] }> {
  const kind = query.kind ?? classifyQuery(query.text);
  const feedback = params[kind].feedback;
  const first = fuse(
    { text: query.text, kind },
    sides.keyword,
    sides.semantic,
    params,
    feedback?.weight ? Math.max(limit, feedback.depth) : limit,
  );
  let withVectors = sides.semantic;
  if (feedback?.weight && backend.vectorsOf) {
    const bySemantic = new Map(sides.semantic.map((candidate) => [keyOf(candidate.hit), candidate]));
    const top = first.filter((hit) => bySemantic.has(keyOf(hit))).slice(0, feedback.depth);
    const missing = top.filter((hit) => !bySemantic.get(keyOf(hit))?.vector);
    const vectors = missing.length ? await backend.vectorsOf(missing) : new Map<string, number[]>();
    withVectors = sides.semantic.map((candidate) => {
      const vector = vectors.get(keyOf(candidate.hit));
      return vector ? { ...candidate, vector } : candidate;
    });
  }
  const vector = feedbackVector(sides.queryVector, first, withVectors, feedback);
  if (!vector) return { hits: first.slice(0, limit), candidates: [...sides.keyword, ...sides.semantic] };
  const semantic = await backend.semanticFor(vector);
  return { hits: fuse({ text: query.text, kind }, sides.keyword, semantic, params, limit), candidates: [...sides.keyword, ...semantic] };
}

/** How many candidates each side fetches before fusion. */
export const fusionDepth = (limit: number): number => Math.max(50, limit * 5);

/** The text that gets embedded for a document: title first, the body cut to what the model reads. */
export const embeddingText = (title: string, body: string): string => `${title}\n${body}`.slice(0, 2_000);

export function snippetOf(body: string, length = 240): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
