import type { Incident } from '../../shared/db/entities/index.ts';
import type { SearchIndex } from '../../shared/search/search-index.ts';
import type { AuthContext } from '../auth-context.ts';

/**
 * The incident detail's `analysis`: similar past incidents and suggested procedures and articles,
 * by hybrid search on the incident's own title and description. A search outage leaves it empty
 * rather than failing the read.
 */
export function createIncidentAnalysis(deps: { search: SearchIndex; limit?: number }) {
  return async (auth: AuthContext, incident: Incident): Promise<Record<string, unknown>> => {
    const text = [incident.title, incident.description ?? ''].join('\n').trim();
    const base = { organizationId: auth.organizationId, text, mode: 'hybrid' as const, limit: deps.limit ?? 5 };
    try {
      const [incidents, procedures] = await Promise.all([
        deps.search.search({ ...base, types: ['incident'], excludeIds: [incident.id] }),
        deps.search.search({ ...base, types: ['procedure', 'article'] }),
      ]);
      const view = (hit: { type: string; id: string; title: string; score: number }) => ({ type: hit.type, id: hit.id, title: hit.title, score: hit.score });
      return { similar_incidents: incidents.hits.map(view), suggested_procedures: procedures.hits.map(view) };
    } catch {
      return { similar_incidents: [], suggested_procedures: [], unavailable: true };
    }
  };
}
