import type { EntityManager } from '@mikro-orm/postgresql';
import { incidentAnalysisSource, incidentAnalysisSources, storeIncidentAnalyses, type IncidentAnalysisSource } from './incidents.ts';

/** An incident's analysis columns; every read and write is confined to the organization given. */
export interface IncidentAnalysisStore {
  source(organizationId: string, incidentId: string): Promise<Omit<IncidentAnalysisSource, 'id'> | undefined>;
  /** `source` for many incidents in one query; those not the organization's are left out. */
  sources(organizationId: string, incidentIds: readonly string[]): Promise<IncidentAnalysisSource[]>;
  /**
   * Writes the analysis columns only: a concurrent edit of an incident is not overwritten. An incident
   * another transaction holds is written once released, never waited on (storeIncidentAnalyses).
   */
  saveAll(organizationId: string, analyses: ReadonlyArray<{ incidentId: string; analysis: unknown; textHash: string }>): Promise<void>;
}

export function createIncidentAnalysisStore(em: EntityManager): IncidentAnalysisStore {
  return {
    source: (organizationId, incidentId) => incidentAnalysisSource(em, organizationId, incidentId),
    sources: (organizationId, incidentIds) => incidentAnalysisSources(em, organizationId, incidentIds),
    saveAll: (organizationId, analyses) => storeIncidentAnalyses(em, organizationId, analyses),
  };
}
