import type { AnalyzeIncidentResult as Analyzed, SearchPort } from '../shared/search/port.ts';
import { heartbeatIfInActivity } from './search.activities.ts';

export interface IncidentAnalysisActivityDeps {
  /** Absent in processes started without search: the analysis then stays `{}`. */
  search?: SearchPort;
}

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
     * round trip); unchanged, fresh analyses cost their share of the read. Heartbeats per store.
     */
    async analyzeIncidents(input: { organizationId: string; incidentIds: string[] }): Promise<{ analyzed: number }> {
      if (!deps.search || input.incidentIds.length === 0) return { analyzed: 0 };
      heartbeatIfInActivity();
      const { analyzed } = await deps.search.analyzeIncidents(input, heartbeatIfInActivity);
      return { analyzed };
    },
  };
}
