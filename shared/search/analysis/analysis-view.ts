// What the API shows of an incident's analysis, and when the worker computes it again: no I/O.

/** An analysis older than this is refreshed: newer incidents and procedures may match better. */
export const ANALYSIS_MAX_AGE_MS = 15 * 60_000;

export interface AnalysisHit {
  type: string;
  id: string;
  title: string;
  score: number;
}

/** What `incidents.analysis` holds once the worker computed it. */
export interface IncidentAnalysis {
  similar_incidents: AnalysisHit[];
  suggested_procedures: AnalysisHit[];
}

/** Never analyzed, or analyzed longer than `maxAgeMs` ago. */
export function isAnalysisStale(analyzedAt: Date | null, now: Date, maxAgeMs = ANALYSIS_MAX_AGE_MS): boolean {
  return analyzedAt === null || now.getTime() - analyzedAt.getTime() > maxAgeMs;
}

/** The detail's `analysis`: `{}` until computed, else the stored lists with `analyzed_at`. */
export function analysisView(
  analysis: Partial<IncidentAnalysis> | null,
  analyzedAt: Date | null,
): Partial<IncidentAnalysis> & { analyzed_at?: string } {
  if (analyzedAt === null) return {};
  return { ...(analysis ?? {}), analyzed_at: analyzedAt.toISOString() };
}
