// Metrics and the fitting of hybrid fusion's weights for `npm run bench:search`: a grid search per
// kind of query (as the classifier sees it) on training queries, each corpus weighing alike, and
// leave-one-corpus-out cross-validation so that the reported hybrid scores come from a corpus the
// weights never saw.
import {
  feedbackVector,
  fuse,
  secondPassTerms,
  type Candidate,
  type FusionParams,
  type KindWeights,
} from '../shared/search/query/fusion.ts';
import { QUERY_KINDS, type QueryKind } from '../shared/search/query/query-kind.ts';
import { z } from 'zod';

export const K = 10;

const share = z.number().min(0).max(1);
const kindWeightsSchema = z.strictObject({
  keyword: z.number().min(0),
  feedback: z.strictObject({ weight: z.number().min(0), depth: z.number().int().min(1).max(50) }).optional(),
  expansion: z.number().min(0).optional(),
  floor: share.optional(),
  anchor: z.strictObject({ top: z.number().int().min(1).max(K), evidence: share }).optional(),
  rarity: z.number().min(0).optional(),
  length: z.number().min(0).optional(),
}) satisfies z.ZodType<KindWeights>;
/** Weights as a fit's report line prints them, one entry per kind of query (`OFFLINE_WEIGHTS`). */
export const fusionParamsSchema: z.ZodType<FusionParams> = z.strictObject(
  Object.fromEntries(QUERY_KINDS.map((kind) => [kind, kindWeightsSchema])) as Record<QueryKind, typeof kindWeightsSchema>,
);

export function ndcgAt(ranked: string[], relevant: Map<string, number>, k = K): number {
  const dcg = ranked.slice(0, k).reduce((sum, key, i) => sum + (2 ** (relevant.get(key) ?? 0) - 1) / Math.log2(i + 2), 0);
  const ideal = [...relevant.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, i) => sum + (2 ** grade - 1) / Math.log2(i + 2), 0);
  return ideal ? dcg / ideal : 0;
}

/** Share of the strongly relevant documents (grade ≥ 2) in the top k, out of as many as fit in k. */
export function recallAt(ranked: string[], relevant: Map<string, number>, k = K): number {
  const strong = [...relevant.entries()].filter(([, grade]) => grade >= 2).map(([key]) => key);
  const found = ranked.slice(0, k).filter((key) => strong.includes(key)).length;
  return found / Math.min(k, strong.length);
}

/** Reciprocal rank of the first strongly relevant document (grade ≥ 2) in the top k, 0 when none is. */
export function mrrAt(ranked: string[], relevant: Map<string, number>, k = K): number {
  const rank = ranked.slice(0, k).findIndex((key) => (relevant.get(key) ?? 0) >= 2);
  return rank < 0 ? 0 : 1 / (rank + 1);
}

export const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);

/** One query's candidates on one backend, what hybrid fusion needs to rank them offline. */
export interface FusionCase {
  scenario: string;
  text: string;
  /** The class fusion uses: the API's hint for a pasted log, else the classifier's. */
  queryKind: QueryKind;
  keyword: Candidate[];
  semantic: Candidate[];
  relevant: Map<string, number>;
  /** The corpus the query was asked of: a fit weighs each corpus alike, however many queries it has. */
  corpus?: string;
  /** For feedback: the query's vector and the semantic side run with another vector (without them, one pass). */
  queryVector?: number[];
  semanticFor?: (vector: number[]) => Candidate[];
}

export const keysOf = (hits: Array<{ type: string; id: string }>): string[] => hits.map((hit) => `${hit.type}:${hit.id}`);

// Every fold's fit ranks the same case with the same weights again: a feedback pass costs a scan.
const rankingCache = new WeakMap<FusionCase, Map<string, string[]>>();

/** What `rankHybrid` (shared/search/query/fusion.ts) returns for the case, without a backend. */
export function fusedRanking(item: FusionCase, params: FusionParams): string[] {
  const key = JSON.stringify(params[item.queryKind]);
  const cached = rankingCache.get(item) ?? new Map<string, string[]>();
  rankingCache.set(item, cached);
  const ranking = cached.get(key) ?? rankOnce(item, params);
  cached.set(key, ranking);
  return ranking;
}

function rankOnce(item: FusionCase, params: FusionParams): string[] {
  const query = { text: item.text, kind: item.queryKind };
  const feedback = params[item.queryKind].feedback;
  const first = fuse(query, item.keyword, item.semantic, params, feedback?.weight ? Math.max(K, feedback.depth) : K);
  const vector = item.queryVector && item.semanticFor && feedbackVector(item.queryVector, first, item.semantic, feedback);
  if (!vector || !item.semanticFor) return keysOf(first.slice(0, K));
  const second = item.semanticFor(vector);
  const expansion = secondPassTerms(item.text, params[item.queryKind], first, [...item.keyword, ...item.semantic], second);
  return keysOf(fuse(query, item.keyword, second, params, K, expansion, item.semantic));
}

const KEYWORD_WEIGHTS = [0, 0.05, 0.1, 0.2, 0.3, 0.5, 1];
// Evidence under the floor counts for nothing: none first, the most that counts.
const FLOORS = [0, 0.34, 0.67];
// Rocchio's weight stops at 2, so the query itself keeps at least a third of the second pass's vector.
const FEEDBACK: Array<KindWeights['feedback']> = [undefined, { weight: 1, depth: 3 }, { weight: 2, depth: 3 }, { weight: 2, depth: 5 }];
// The second pass's expansion by the top documents' shared identifiers (it needs feedback): none first.
const EXPANSION = [0, 0.2];
// Terms most candidates hold discounted (none first), and semantic's top five kept on the page
// where the query's keyword evidence stays under a half (none first).
const RARITY = [0, 1, 2];
const ANCHORS: Array<KindWeights['anchor']> = [undefined, { top: 5, evidence: 0.5 }];
// Evidence of candidates longer than their mean shrunk (none first).
const LENGTHS = [0, 1];
/** Most conservative first (no expansion, no feedback, then the lightest; the smallest keyword weight and floor within each). */
const GRID: KindWeights[] = EXPANSION.flatMap((expansion) =>
  FEEDBACK.flatMap((feedback) =>
    expansion && !feedback
      ? []
      : KEYWORD_WEIGHTS.flatMap((keyword) =>
          (keyword ? FLOORS : [0]).flatMap((floor) =>
            (keyword ? RARITY : [0]).flatMap((rarity) =>
              (keyword ? ANCHORS : [undefined]).flatMap((anchor) =>
                (keyword ? LENGTHS : [0]).map((length) => ({
                  keyword,
                  ...(floor ? { floor } : {}),
                  ...(rarity ? { rarity } : {}),
                  ...(anchor ? { anchor } : {}),
                  ...(length ? { length } : {}),
                  ...(feedback ? { feedback } : {}),
                  ...(expansion ? { expansion } : {}),
                })),
              ),
            ),
          ),
        ),
  ),
);
const TOLERANCE = 0.002;

/**
 * The weights of each kind that maximize mean nDCG@10 over the training cases of that kind (up to a
 * tolerance, see below); a kind with no training case keeps `fallback`.
 */
export function fitFusion(cases: FusionCase[], fallback: FusionParams): FusionParams {
  const fitted = { ...fallback };
  for (const kind of QUERY_KINDS) {
    const ofKind = cases.filter((item) => item.queryKind === kind);
    if (!ofKind.length) continue;
    const corpora = [...Map.groupBy(ofKind, (item) => item.corpus ?? '').values()];
    // Feedback only where the cases can run a second semantic pass.
    const grid = ofKind.every((item) => item.semanticFor) ? GRID : GRID.filter((weights) => !weights.feedback);
    // The first of a grid (the most conservative) within TOLERANCE of the best: a gain that small
    // on the training queries is as likely noise, and on held-out queries a lighter touch risks less.
    const pick = (candidates: KindWeights[]): KindWeights => {
      const scored = candidates.map((weights) => {
        const params = { ...fitted, [kind]: weights };
        return { weights, score: mean(corpora.map((of) => mean(of.map((item) => ndcgAt(fusedRanking(item, params), item.relevant))))) };
      });
      const best = Math.max(...scored.map((entry) => entry.score));
      return (scored.find((entry) => entry.score >= best - TOLERANCE) as { weights: KindWeights }).weights;
    };
    fitted[kind] = pick(grid);
  }
  return fitted;
}

/**
 * Leave one corpus out: every case is ranked with weights fitted on the training cases of the other
 * corpora (`corpus`), so a corpus's scores say how the fusion does on documents and queries of a
 * shape it was never fitted on. Returns the rankings by case index and each corpus's fit.
 */
export function leaveOneCorpusOut(
  cases: FusionCase[],
  fallback: FusionParams,
  isTraining: (item: FusionCase) => boolean = () => true,
): { rankings: string[][]; fits: Map<string, FusionParams> } {
  const corpora = [...new Set(cases.map((item) => item.corpus ?? ''))];
  const fits = new Map(
    corpora.map((corpus) => [
      corpus,
      fitFusion(
        cases.filter((item) => (item.corpus ?? '') !== corpus && isTraining(item)),
        fallback,
      ),
    ]),
  );
  return { rankings: cases.map((item) => fusedRanking(item, fits.get(item.corpus ?? '') as FusionParams)), fits };
}
