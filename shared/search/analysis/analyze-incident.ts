import type { IncidentAnalysisStore } from '../../db/access/incident-analyses.ts';
import type { SearchEngine } from '../engine/engine.ts';
import type { AnalyzeIncidentResult } from '../port.ts';
import { analysisSemanticText, analysisText, analysisTextHash, computeIncidentAnalysis, needsAnalysis } from './incident-analysis.ts';

/**
 * Computes and stores one incident's analysis when its text changed or the stored one is stale
 * (the store writes the analysis columns only).
 */
export async function analyzeIncident(
  deps: { analyses: () => IncidentAnalysisStore; engine: SearchEngine },
  input: { organizationId: string; incidentId: string },
): Promise<AnalyzeIncidentResult> {
  const analyses = deps.analyses();
  const row = await analyses.source(input.organizationId, input.incidentId);
  if (!row) return 'missing';
  const text = analysisText(row);
  const semanticText = analysisSemanticText(row);
  const textHash = analysisTextHash(text);
  const stored = { textHash: row.analysis_text_hash, analyzedAt: row.analyzed_at === null ? null : new Date(row.analyzed_at) };
  if (!needsAnalysis(stored, textHash, new Date())) return 'unchanged';
  const analysis = await computeIncidentAnalysis(deps.engine, {
    organizationId: input.organizationId,
    incidentId: input.incidentId,
    text,
    semanticText,
  });
  await analyses.saveAll(input.organizationId, [{ incidentId: input.incidentId, analysis, textHash }]);
  return 'analyzed';
}
