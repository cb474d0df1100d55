import type { Orm } from '../../db/orm.ts';
import type { SearchEngine } from '../engine/engine.ts';
import type { AnalyzeIncidentResult } from '../port.ts';
import { analysisText, analysisTextHash, computeIncidentAnalysis, needsAnalysis } from './incident-analysis.ts';

/**
 * Computes and stores one incident's analysis when its text changed or the stored one is stale.
 * Only the analysis columns are written (raw update, no entity): a concurrent alert or edit of
 * the incident is neither overwritten nor turned into a domain event.
 */
export async function analyzeIncident(
  deps: { orm: Orm; engine: SearchEngine },
  input: { organizationId: string; incidentId: string },
): Promise<AnalyzeIncidentResult> {
  const em = deps.orm.em.fork();
  const [row] = await em.execute<
    Array<{ title: string; description: string | null; analysis_text_hash: string | null; analyzed_at: string | Date | null }>
  >('select title, description, analysis_text_hash, analyzed_at from incidents where id = ? and organization_id = ?', [
    input.incidentId,
    input.organizationId,
  ]);
  if (!row) return 'missing';
  const text = analysisText(row);
  const textHash = analysisTextHash(text);
  const stored = { textHash: row.analysis_text_hash, analyzedAt: row.analyzed_at === null ? null : new Date(row.analyzed_at) };
  if (!needsAnalysis(stored, textHash, new Date())) return 'unchanged';
  const analysis = await computeIncidentAnalysis(deps.engine, {
    organizationId: input.organizationId,
    incidentId: input.incidentId,
    text,
  });
  await em.execute(
    'update incidents set analysis = ?::jsonb, analyzed_at = clock_timestamp(), analysis_text_hash = ? where id = ? and organization_id = ?',
    [JSON.stringify(analysis), textHash, input.incidentId, input.organizationId],
  );
  return 'analyzed';
}
