import { incidentAnalysisSource, storeIncidentAnalysis } from '../shared/db/access/incidents.ts';
import type { Orm } from '../shared/db/orm.ts';
import { analysisText, analysisTextHash, computeIncidentAnalysis, needsAnalysis } from '../shared/search/incident-analysis.ts';
import type { SearchIndex } from '../shared/search/search-index.ts';

export interface IncidentAnalysisActivityDeps {
  orm: Orm;
  /** Absent in processes started without search: the analysis then stays `{}`. */
  search?: SearchIndex;
}

export type AnalyzeIncidentResult = 'analyzed' | 'unchanged' | 'missing' | 'skipped';

/** The incident detail's `analysis`, computed here so the API read never searches. */
export function createIncidentAnalysisActivities(deps: IncidentAnalysisActivityDeps) {
  return {
    /**
     * Computes and stores one incident's analysis when its text changed or the stored one is stale.
     * Only the analysis columns are written (raw update, no entity): a concurrent alert or edit of
     * the incident is neither overwritten nor turned into a domain event.
     */
    async analyzeIncident(input: { organizationId: string; incidentId: string }): Promise<AnalyzeIncidentResult> {
      if (!deps.search) return 'skipped';
      const em = deps.orm.em.fork();
      const row = await incidentAnalysisSource(em, input.organizationId, input.incidentId);
      if (!row) return 'missing';
      const text = analysisText(row);
      const textHash = analysisTextHash(text);
      const stored = { textHash: row.analysis_text_hash, analyzedAt: row.analyzed_at === null ? null : new Date(row.analyzed_at) };
      if (!needsAnalysis(stored, textHash, new Date())) return 'unchanged';
      const analysis = await computeIncidentAnalysis(deps.search, {
        organizationId: input.organizationId,
        incidentId: input.incidentId,
        text,
      });
      await storeIncidentAnalysis(em, input.organizationId, input.incidentId, analysis, textHash);
      return 'analyzed';
    },
  };
}
