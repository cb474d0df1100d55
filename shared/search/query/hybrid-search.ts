import { fusionDepth, rankHybrid, type Candidate, type FusionParams, type KindWeights } from './fusion.ts';
import type { SearchHit, SearchRequest } from '../port.ts';
import { highlightCandidates } from './term-highlights.ts';

/** What a backend gives hybrid search: both sides' candidates, a semantic pass for a given vector, stored vectors. */
export interface HybridBackend {
  candidates(request: SearchRequest, depth: number): Promise<{ keyword: Candidate[]; semantic: Candidate[]; queryVector: number[] }>;
  semanticFor(request: SearchRequest, depth: number, vector: number[]): Promise<Candidate[]>;
  vectorsOf(request: SearchRequest, hits: SearchHit[]): Promise<Map<string, number[]>>;
  /** See FeedbackBackend.semanticFromTop. */
  semanticFromTop?(
    request: SearchRequest,
    depth: number,
    queryVector: number[],
    top: SearchHit[],
    weight: number,
  ): Promise<Candidate[] | undefined>;
}

/** The fusion parameters without pseudo-relevance feedback (nor the expansion that rides on it). */
export function withoutFeedback(fusion: FusionParams): FusionParams {
  return Object.fromEntries(
    Object.entries(fusion).map(([kind, weights]) => {
      const onePass: KindWeights = { ...weights };
      delete onePass.feedback;
      delete onePass.expansion;
      return [kind, onePass];
    }),
  ) as FusionParams;
}

/**
 * Hybrid search, the same on both backends: candidates of both sides, fusion (with its feedback
 * pass), highlights for the hits returned; `total` counts the distinct documents either side found.
 */
export async function hybridSearch(
  request: SearchRequest,
  fusion: FusionParams,
  backend: HybridBackend,
): Promise<{ hits: SearchHit[]; total: number }> {
  // Without feedback (request.feedback === false) fusion ranks once: no second kNN pass.
  if (request.feedback === false) fusion = withoutFeedback(fusion);
  const depth = fusionDepth(request.limit);
  const sides = await backend.candidates(request, depth);
  const { hits, candidates: seen } = await rankHybrid(
    { text: request.text, kind: request.queryKind },
    sides,
    {
      semanticFor: (vector) => backend.semanticFor(request, depth, vector),
      vectorsOf: (found) => backend.vectorsOf(request, found),
      // A first semantic pass shorter than asked already holds every document the filters match:
      // the one-statement pass could not answer in full, so it is not tried.
      semanticFromTop: sides.semantic.length < depth ? undefined : backend.semanticFromTop?.bind(backend, request, depth),
    },
    fusion,
    request.limit,
  );
  const total = new Set(seen.map(({ hit }) => `${hit.type}:${hit.id}`)).size;
  return { hits: request.highlights === false ? hits : highlightCandidates(request.text, seen, hits), total };
}
