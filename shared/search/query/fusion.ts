import { classifyQuery, isIdentifierToken, queryTokens, STOPWORDS, type QueryKind } from './query-kind.ts';
import { normalize } from '../embedding/embedder.ts';
import type { SearchHit } from '../port.ts';
import { RecentMemo } from '../../recent-memo.ts';

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
  /**
   * With feedback: the weight of the identifiers at least two of the first ranking's top `depth`
   * documents share (an alert's name, a host, an error code), as keyword evidence of the second pass.
   */
  expansion?: number;
  /**
   * Evidence at or under this share of the query's terms counts for nothing, and above it only its
   * excess (rescaled to [0, 1]): a document sharing a common word or two with a paraphrase does not
   * move, so where keyword evidence is weak the semantic order stands.
   */
  floor?: number;
  /**
   * Where the query's keyword evidence is weak (no candidate's evidence, above the floor, reaches
   * `evidence`), semantic's top `top` candidates for the query itself stay on the page: any that
   * fusion pushed out take its last places, in semantic order.
   */
  anchor?: { top: number; evidence: number };
  /**
   * A query term held by a share s of the candidates weighs (1 − rarity × s), at least nothing: a
   * word most candidates hold (`argo`, `monitoring`) says little about which of them answers.
   */
  rarity?: number;
  /**
   * A candidate holding more distinct words than the candidates' mean holds more of any query's
   * words by chance: its evidence shrinks by (mean / its count) ^ `length` (a shorter one's stands).
   */
  length?: number;
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
  // Fitted on the fixture and the public corpora of bench/corpora/ together, each corpus weighing
  // alike (bench/search-fit.ts), on vectors embedded one text per call (decision 0033); the
  // benchmark reports each corpus with weights fitted without it.
  'all-MiniLM-L6-v2-onnx-int8-xenova': {
    error_log: { keyword: 0.2, rarity: 1, length: 1 },
    identifier: { keyword: 0.3, floor: 0.34, rarity: 2, feedback: { weight: 2, depth: 3 } },
    mixed: { keyword: 0.3, rarity: 2, length: 1 },
    prose: { keyword: 0.3, rarity: 1, anchor: { top: 5, evidence: 0.5 }, feedback: { weight: 1, depth: 3 }, expansion: 0.2 },
  },
  // Fitted as MiniLM's above (bench/search-fit.ts, every corpus alike): with these weights bge
  // still ranks under MiniLM on the fixture's independent queries and the FAQ (decision 0021).
  'bge-small-en-v1.5-onnx-int8': {
    error_log: { keyword: 0.05 },
    identifier: { keyword: 0.1, floor: 0.34, feedback: { weight: 2, depth: 3 } },
    mixed: { keyword: 0.1, feedback: { weight: 1, depth: 3 } },
    prose: { keyword: 0.1, feedback: { weight: 2, depth: 5 } },
  },
  // e5's cosines sit in a narrow band (about 0.7 to 0.9): a small weight already moves a rank. Fitted as above.
  'e5-small-v2-onnx-int8': {
    error_log: { keyword: 0.05 },
    identifier: { keyword: 0.1, feedback: { weight: 1, depth: 3 }, expansion: 0.2 },
    mixed: { keyword: 0.05 },
    prose: { keyword: 0.05, feedback: { weight: 1, depth: 3 } },
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
  whole?: WholeMatch;
  parts: string[];
  weight: number;
}

/** How a document is found to hold an identifier whole. */
interface WholeMatch {
  /** The identifier is one run of word characters: a document holds it exactly when one of its runs is it. */
  run: boolean;
  /** Its pattern, built on first use: most identifiers are runs and never need one. */
  pattern(): RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// What `wholeWord` takes for a word character, and a text's runs of them.
const WORD_RUN = /^[\p{L}\p{N}_-]+$/u;
const NOT_WORD = /[^\p{L}\p{N}_-]+/u;

/** Matches `text` (lower case) only whole: `ip-10-0-3-17` is not in `ip-10-0-3-171`, nor `53300` in `153300`. */
const wholeWord = (text: string) => new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRegExp(text)}(?![\\p{L}\\p{N}_-])`, 'u');

/** Texts and identifiers seen last: a hybrid search weighs the same candidates twice (before and after feedback), and fitting the weights weighs them thousands of times. */
const RECENT_LIMIT = 1_000;

// Without `g`, a pattern keeps no state between tests.
const recentPatterns = new RecentMemo<RegExp>(RECENT_LIMIT);

const wholeMatch = (text: string): WholeMatch => ({
  run: WORD_RUN.test(text),
  pattern: () => recentPatterns.get(text, () => wholeWord(text)),
});

/** Whether a document (its words) holds an identifier whole. */
const holdsWhole = (text: string, whole: WholeMatch, { lower, runs }: TextWords): boolean =>
  whole.run ? runs.has(text) : whole.pattern().test(lower);

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
    terms.push({
      text: lower,
      ...(identifier ? { whole: wholeMatch(lower) } : {}),
      parts,
      weight: identifier ? IDENTIFIER_WEIGHT : logWord ? LOG_WORD_WEIGHT : 1,
    });
    if (terms.length >= 64) break;
  }
  return terms;
}

const recentWords = new RecentMemo<TextWords>(RECENT_LIMIT);

interface TextWords {
  lower: string;
  stems: Set<string>;
  /** The lower case text's runs of word characters, for the identifiers that are one (`QueryTerm.run`). */
  runs: Set<string>;
}

/** A text's lower case, stems and runs, remembered for the texts seen last. */
const wordsOf = (text: string): TextWords =>
  recentWords.get(text, () => {
    const lower = text.toLowerCase();
    return { lower, stems: new Set((lower.match(/[\p{L}\p{N}]+/gu) ?? []).map(stem)), runs: new Set(lower.split(NOT_WORD)) };
  });

/**
 * The keyword evidence of one document for one query, in [0, 1]: the weighted share of the query's
 * terms it contains (identifiers whole and weighing double, log boilerplate a quarter). Absolute, so
 * a list whose best match shares one common word gets a low score, not the 1.0 min-max gave it.
 */
export function keywordEvidence(terms: QueryTerm[], documentText: string): number {
  if (!terms.length) return 0;
  const words = wordsOf(documentText);
  let total = 0;
  let matched = 0;
  for (const term of terms) {
    total += term.weight;
    if (term.whole) {
      if (holdsWhole(term.text, term.whole, words)) matched += term.weight;
    } else {
      const found = term.parts.filter((part) => words.stems.has(part)).length;
      matched += (term.weight * found) / Math.max(term.parts.length, 1);
    }
  }
  return total ? matched / total : 0;
}

/** Long top documents (a stack trace) hold many identifiers: the rarest this many are plenty. */
const MAX_EXPANSION_TERMS = 32;

/**
 * The identifiers at least two of the top documents hold and the query does not, each weighed by
 * how rare it is among all the candidates (`[FIRING:1]` is everywhere; an alert's name is not).
 */
export function feedbackTerms(query: string, top: string[], candidates: string[]): QueryTerm[] {
  const own = new Set(queryTerms(query).map((term) => term.text));
  const counts = new Map<string, number>();
  for (const text of top)
    for (const token of new Set(
      queryTokens(text)
        .filter(isIdentifierToken)
        .map((token) => token.toLowerCase()),
    ))
      if (!own.has(token) && !LOG_WORDS.has(token)) counts.set(token, (counts.get(token) ?? 0) + 1);
  const words = candidates.map(wordsOf);
  return [...counts]
    .filter(([, count]) => count >= 2)
    .map(([text]) => {
      const whole = wholeMatch(text);
      const df = words.filter((of) => holdsWhole(text, whole, of)).length;
      return { text, whole, parts: [], weight: Math.log((words.length + 1) / (df + 0.5)) };
    })
    .filter((term) => term.weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_EXPANSION_TERMS);
}

/** The second pass's expansion terms, when the kind of query has them: from the first ranking's top documents. */
export function secondPassTerms(
  query: string,
  weights: KindWeights,
  first: SearchHit[],
  firstCandidates: Candidate[],
  secondCandidates: Candidate[],
): QueryTerm[] {
  if (!weights.expansion || !weights.feedback) return [];
  const textOf = new Map([...firstCandidates, ...secondCandidates].map((candidate) => [keyOf(candidate.hit), candidate.text]));
  const top = first
    .slice(0, weights.feedback.depth)
    .map((hit) => textOf.get(keyOf(hit)))
    .filter((text): text is string => text !== undefined);
  return feedbackTerms(query, top, [...textOf.values()]);
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
  return normalize(queryVector.map((x, i) => x + (feedback.weight * top.reduce((sum, vector) => sum + (vector[i] ?? 0), 0)) / top.length));
}

/**
 * Hybrid fusion, the same for both backends: the union of both sides' candidates, each scored by
 * its cosine (a keyword-only candidate gets the lowest cosine the semantic side returned, a bound:
 * it was not in that side's top) plus the keyword evidence weighed for the kind of query (terms
 * weighed by `rarity`, above the `floor`, shrunk by `length` for a wordy candidate) and, in a
 * second pass, the weighed evidence of the `expansion` terms (`secondPassTerms`). Where no
 * candidate's evidence reaches the `anchor`'s, the top of `anchor` (the semantic side for the
 * query itself, before feedback) stays on the page.
 */
export function fuse(
  query: { text: string; kind?: QueryKind },
  keyword: Candidate[],
  semantic: Candidate[],
  params: FusionParams,
  limit: number,
  expansion: QueryTerm[] = [],
  anchor: Candidate[] = semantic,
): SearchHit[] {
  const weights = params[query.kind ?? classifyQuery(query.text)];
  const terms = weights.rarity ? byRarity(queryTerms(query.text), [...keyword, ...semantic], weights.rarity) : queryTerms(query.text);
  const expand = expansion.length && weights.expansion ? weights.expansion : 0;
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
  const shrink = weights.length
    ? lengthShrink(
        [...byKey.values()].map((candidate) => candidate.text),
        weights.length,
      )
    : () => 1;
  let strongest = 0;
  const ranked = [...byKey.values()]
    .map(({ hit, text, cosine }) => {
      const evidence = weights.keyword ? shrink(text) * aboveFloor(keywordEvidence(terms, text), weights.floor ?? 0) : 0;
      strongest = Math.max(strongest, evidence);
      return { ...hit, score: cosine + weights.keyword * evidence + (expand && expand * keywordEvidence(expansion, text)) };
    })
    .sort((a, b) => b.score - a.score);
  const page = ranked.slice(0, limit);
  return weights.anchor && strongest < weights.anchor.evidence ? keepOnPage(page, anchor.slice(0, weights.anchor.top)) : page;
}

/**
 * The page with every one of `kept` on it: those fusion pushed off take the last places, in the
 * order given, each scored no higher than the hit above it so the page stays in score order.
 */
export function keepOnPage(page: SearchHit[], kept: Candidate[]): SearchHit[] {
  const onPage = new Set(page.map(keyOf));
  const missing = kept.filter((candidate) => !onPage.has(keyOf(candidate.hit))).slice(0, page.length);
  if (!missing.length) return page;
  const keptKeys = new Set(kept.map((candidate) => keyOf(candidate.hit)));
  // The lowest hits that are not themselves kept make the room.
  let others = page.filter((hit) => !keptKeys.has(keyOf(hit))).length - missing.length;
  const head = page.filter((hit) => keptKeys.has(keyOf(hit)) || others-- > 0);
  let last = head.at(-1)?.score ?? Infinity;
  return [
    ...head,
    ...missing.map((candidate) => {
      const score = Math.min(candidate.cosine ?? candidate.hit.score, last);
      last = score;
      return { ...candidate.hit, score };
    }),
  ];
}

/** The query's terms weighed by how few of the candidates hold each (see `KindWeights.rarity`). */
export function byRarity(terms: QueryTerm[], candidates: Candidate[], strength: number): QueryTerm[] {
  const texts = [...new Map(candidates.map((c) => [keyOf(c.hit), c.text])).values()];
  return terms.map((term) => {
    const df = texts.filter((text) => keywordEvidence([term], text) > 0).length;
    const share = df / Math.max(texts.length, 1);
    return { ...term, weight: term.weight * Math.max(0, 1 - strength * share) };
  });
}

/** How much a candidate's evidence counts by its number of distinct words against the candidates' mean (see `KindWeights.length`). */
export function lengthShrink(texts: string[], strength: number): (text: string) => number {
  const mean = texts.reduce((sum, text) => sum + wordsOf(text).stems.size, 0) / Math.max(texts.length, 1);
  return (text) => Math.min(1, (mean / Math.max(wordsOf(text).stems.size, 1)) ** strength);
}

/** Evidence beyond `floor`, rescaled to [0, 1] (see `KindWeights.floor`). */
export const aboveFloor = (evidence: number, floor: number): number => (floor > 0 ? Math.max(0, evidence - floor) / (1 - floor) : evidence);

/** What hybrid ranking asks of a backend beyond the first candidates. */
export interface FeedbackBackend {
  semanticFor: (vector: number[]) => Promise<Candidate[]>;
  /** The stored vectors of these hits, by `type:id`; candidates that already carry one need no look-up. */
  vectorsOf?: (hits: SearchHit[]) => Promise<Map<string, number[]>>;
  /**
   * The second pass in one round trip, for a backend that holds the vectors it would look up: the
   * semantic side for the query's vector plus `weight` × the mean stored vector of `top`, unit
   * length (what `feedbackVector` computes). Undefined when it cannot answer in full (then the
   * look-up and `semanticFor` do).
   */
  semanticFromTop?: (queryVector: number[], top: SearchHit[], weight: number) => Promise<Candidate[] | undefined>;
}

/**
 * Hybrid search as both backends run it: fuse the two sides; where the kind of query has feedback,
 * run the semantic side again from the query moved toward the few top documents the semantic side
 * returned and fuse with that. The vectors come with the candidates (Elasticsearch), or from one
 * statement that also runs the second pass (`semanticFromTop`, PostgreSQL), or from a look-up of
 * those few (`vectorsOf`: a handful of vectors instead of every candidate's, which cost more to ship
 * and parse). The keyword side is fetched once.
 */
export async function rankHybrid(
  query: { text: string; kind?: QueryKind },
  sides: { keyword: Candidate[]; semantic: Candidate[]; queryVector: number[] },
  backend: FeedbackBackend,
  params: FusionParams,
  limit: number,
): Promise<{ hits: SearchHit[]; candidates: Candidate[] }> {
  const kind = query.kind ?? classifyQuery(query.text);
  const feedback = params[kind].feedback;
  const firstCandidates = [...sides.keyword, ...sides.semantic];
  const onePass = () => ({
    hits: fuse({ text: query.text, kind }, sides.keyword, sides.semantic, params, limit),
    candidates: firstCandidates,
  });
  if (!feedback?.weight) return onePass();
  const first = fuse({ text: query.text, kind }, sides.keyword, sides.semantic, params, Math.max(limit, feedback.depth));
  const semantic = await feedbackPass(sides, first, backend, feedback);
  if (!semantic) return onePass();
  const expansion = secondPassTerms(query.text, params[kind], first, firstCandidates, semantic);
  const hits = fuse({ text: query.text, kind }, sides.keyword, semantic, params, limit, expansion, sides.semantic);
  // A hit the anchor kept from the first semantic side may be in neither side of the second pass.
  const seen = new Set([...sides.keyword, ...semantic].map((candidate) => keyOf(candidate.hit)));
  const onPage = new Set(hits.map(keyOf));
  const kept = sides.semantic.filter((candidate) => onPage.has(keyOf(candidate.hit)) && !seen.has(keyOf(candidate.hit)));
  return { hits, candidates: [...sides.keyword, ...semantic, ...kept] };
}

/** The semantic side from the feedback vector; undefined when no top document has a vector. */
async function feedbackPass(
  sides: { semantic: Candidate[]; queryVector: number[] },
  first: SearchHit[],
  backend: FeedbackBackend,
  feedback: { weight: number; depth: number },
): Promise<Candidate[] | undefined> {
  const bySemantic = new Map(sides.semantic.map((candidate) => [keyOf(candidate.hit), candidate]));
  const top = first.filter((hit) => bySemantic.has(keyOf(hit))).slice(0, feedback.depth);
  const missing = top.filter((hit) => !bySemantic.get(keyOf(hit))?.vector);
  if (missing.length && backend.semanticFromTop) {
    const found = await backend.semanticFromTop(sides.queryVector, top, feedback.weight);
    if (found) return found;
  }
  const vectors = missing.length && backend.vectorsOf ? await backend.vectorsOf(missing) : new Map<string, number[]>();
  const withVectors = sides.semantic.map((candidate) => {
    const vector = vectors.get(keyOf(candidate.hit));
    return vector ? { ...candidate, vector } : candidate;
  });
  const vector = feedbackVector(sides.queryVector, first, withVectors, feedback);
  return vector ? backend.semanticFor(vector) : undefined;
}

/** How many candidates each side fetches before fusion. */
export const fusionDepth = (limit: number): number => Math.max(50, limit * 5);

/** The text that gets embedded for a document: title first, the body cut to what the model reads. */
export const embeddingText = (title: string, body: string): string => `${title}\n${body}`.slice(0, 2_000);

export function snippetOf(body: string, length = 240): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
