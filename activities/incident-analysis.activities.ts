import type { AnalyzeIncidentResult as Analyzed } from '../shared/search/port.ts';
import { heartbeatIfInActivity, type SearchActivityDeps } from './search.activities.ts';

/** Without `search` the analysis stays `{}`; `followUpPace` is awaited before each incident's searches. */
export type IncidentAnalysisActivityDeps = Pick<SearchActivityDeps, 'search' | 'followUpPace'>;

export type AnalyzeIncidentResult = Analyzed | 'skipped';

/** The incident detail's `analysis`, computed here so the API read never searches. */
export function createIncidentAnalysisActivities(deps: IncidentAnalysisActivityDeps) {
  return {
    /** Computes and stores one incident's analysis when its text changed or the stored one is stale. */
    async analyzeIncident(input: { organizationId: string; incidentId: string }): Promise<AnalyzeIncidentResult> {
      if (!deps.search) return 'skipped';
      return deps.search.analyzeIncident(input);
    },

    /**
     * The same for a bucket pass's incidents in one batch (one read, one embedding call, one search
     * round trip); unchanged, fresh analyses cost their share of the read. Heartbeats per store and
     * while it waits for the critical path.
     */
    async analyzeIncidents(input: { organizationId: string; incidentIds: string[] }): Promise<{ analyzed: number }> {
      if (!deps.search || input.incidentIds.length === 0) return { analyzed: 0 };
      heartbeatIfInActivity();
      const pace = deps.followUpPace;
      const { analyzed } = await deps.search.analyzeIncidents(input, {
        onProgress: heartbeatIfInActivity,
        ...(pace ? { pace: () => pace(heartbeatIfInActivity) } : {}),
      });
      return { analyzed };
    },
  };
}
