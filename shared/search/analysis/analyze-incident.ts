import type { IncidentAnalysisStore } from '../../db/access/incident-analyses.ts';
import type { SearchEngine } from '../engine/engine.ts';
import type { AnalyzeIncidentResult } from '../port.ts';
import { computeIncidentAnalysis, dueAnalysis } from './incident-analysis.ts';

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
  const due = dueAnalysis(row, new Date());
  if (!due) return 'unchanged';
  const analysis = await computeIncidentAnalysis(deps.engine, {
    organizationId: input.organizationId,
    incidentId: input.incidentId,
    text: due.text,
    semanticText: due.semanticText,
  });
  await analyses.saveAll(input.organizationId, [{ incidentId: input.incidentId, analysis, textHash: due.textHash }]);
  return 'analyzed';
}
