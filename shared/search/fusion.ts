import type { FusionWeights, SearchHit } from './search-index.ts';

/** Min-max normalization of one result list into [0, 1]; a single hit (or a tie) scores 1. */
function normalized(hits: SearchHit[]): Map<string, number> {
  const scores = hits.map((hit) => hit.score);
  const max = Math.max(...scores);
  const min = Math.min(...scores);
  return new Map(hits.map((hit) => [`${hit.type}:${hit.id}`, max === min ? 1 : (hit.score - min) / (max - min)]));
}

/**
 * Normalized linear fusion of a keyword and a semantic result list, done in application code
 * (the same for both backends; the Elasticsearch zip here has no `rrf` retriever). A document
 * found by only one side gets 0 from the other.
 */
export function fuse(keyword: SearchHit[], semantic: SearchHit[], weights: FusionWeights, limit: number): SearchHit[] {
  const k = normalized(keyword);
  const s = normalized(semantic);
  const byKey = new Map<string, SearchHit>();
  for (const hit of [...semantic, ...keyword]) {
    const key = `${hit.type}:${hit.id}`;
    const seen = byKey.get(key);
    // Keep the keyword side's snippet and highlights: they show the matching words.
    byKey.set(key, seen && hit.highlights.length === 0 ? seen : { ...hit, highlights: hit.highlights.length ? hit.highlights : seen?.highlights ?? [] });
  }
  return [...byKey.entries()]
    .map(([key, hit]) => ({ ...hit, score: weights.keyword * (k.get(key) ?? 0) + weights.semantic * (s.get(key) ?? 0) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

/** How many candidates each side fetches before fusion. */
export const fusionDepth = (limit: number): number => Math.max(50, limit * 5);

/** The text that gets embedded for a document: title first, the body cut to what the model reads. */
export const embeddingText = (title: string, body: string): string => `${title}\n${body}`.slice(0, 2_000);

export function snippetOf(body: string, length = 240): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
