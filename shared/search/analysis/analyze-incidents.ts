import type { IncidentAnalysisStore } from '../../db/access/incident-analyses.ts';
import type { SearchEngine } from '../engine/engine.ts';
import type { AnalysisHooks, AnalyzeIncidentResult, SearchRequest, SearchResult } from '../port.ts';
import { analysisOf, analysisRequests, dueAnalysis } from './incident-analysis.ts';

// An engine without one round trip for many (PostgreSQL): one incident's pair at a time, each after
// `pace`, so a process's critical path can hold the analysis back between incidents. The pair's two
// searches run side by side: the database works on one while this process fuses the other.
async function searchEach(engine: SearchEngine, pairs: SearchRequest[][], pace: AnalysisHooks['pace']) {
  const results: SearchResult[] = [];
  for (const pair of pairs) {
    await pace?.();
    results.push(...(await Promise.all(pair.map((request) => engine.search(request)))));
  }
  return results;
}

/**
 * analyzeIncident for a follow-up pass's incidents of one organization: one read of their rows, the
 * searches of those whose text changed or whose analysis is stale in one `searchAll` where the engine
 * has it (one embedding call, one round trip on Elasticsearch) or one incident's at a time, then one
 * statement storing them (the analysis columns only).
 */
export async function analyzeIncidents(
  deps: { analyses: () => IncidentAnalysisStore; engine: SearchEngine },
  input: { organizationId: string; incidentIds: readonly string[] },
  { onProgress, pace }: AnalysisHooks = {},
): Promise<Record<AnalyzeIncidentResult, number>> {
  const counts: Record<AnalyzeIncidentResult, number> = { analyzed: 0, unchanged: 0, missing: 0 };
  const ids = [...new Set(input.incidentIds)];
  const analyses = deps.analyses();
  const rows = await analyses.sources(input.organizationId, ids);
  counts.missing = ids.length - rows.length;
  const now = new Date();
  const due = rows.flatMap((row) => {
    const texts = dueAnalysis(row, now);
    return texts ? [{ id: row.id, ...texts }] : [];
  });
  counts.unchanged = rows.length - due.length;
  if (due.length === 0) return counts;
  const pairs = due.map((incident) =>
    analysisRequests({
      organizationId: input.organizationId,
      incidentId: incident.id,
      text: incident.text,
      semanticText: incident.semanticText,
    }),
  );
  let results: SearchResult[];
  if (deps.engine.searchAll) {
    await pace?.();
    results = await deps.engine.searchAll(pairs.flat());
  } else results = await searchEach(deps.engine, pairs, pace);
  const computed = due.map((incident, i) => ({
    incidentId: incident.id,
    analysis: analysisOf(results[2 * i], results[2 * i + 1]),
    textHash: incident.textHash,
  }));
  onProgress?.();
  await analyses.saveAll(input.organizationId, computed);
  counts.analyzed = computed.length;
  return counts;
}
