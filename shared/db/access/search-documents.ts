import type { EntityManager } from '@mikro-orm/postgresql';
import type { SearchIndexDocumentType } from '../../domain/search.ts';
import {
  IncidentEntity,
  KnowledgeArticleEntity,
  LogEntryEntity,
  OrganizationEntity,
  ProcedureEntity,
  ProcedureStepEntity,
  type Incident,
  type KnowledgeArticle,
  type LogEntry,
  type Procedure,
  type ProcedureStep,
} from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { recordDocumentChange } from './search-events.ts';

/**
 * The rows search documents are built from, and the outbox events that schedule their indexing.
 * Every read and write is confined to the organization given; `organizationIdsAcrossOrganizations`
 * (the reindex command's list of every organization) looks across them by design.
 */
export interface SearchDocumentStore {
  /** Each of the ids that is one of the organization's rows, in one statement (any order; the others are gone). */
  incidents(organizationId: string, ids: readonly string[]): Promise<Incident[]>;
  articles(organizationId: string, ids: readonly string[]): Promise<KnowledgeArticle[]>;
  logs(organizationId: string, ids: readonly string[]): Promise<LogEntry[]>;
  /** The procedures with their steps in order, in two statements. */
  procedures(organizationId: string, ids: readonly string[]): Promise<Array<{ procedure: Procedure; steps: ProcedureStep[] }>>;
  /** Every id of one document type in the organization, in id order. */
  ids(organizationId: string, type: SearchIndexDocumentType): Promise<string[]>;
  organizationIdsAcrossOrganizations(): Promise<string[]>;
  /** Records a `search.document_changed` outbox event for the documents: one statement for any number of ids. */
  recordChange(organizationId: string, type: SearchIndexDocumentType, ids: readonly string[]): Promise<void>;
}

const DOCUMENT_ENTITIES = { incident: IncidentEntity, article: KnowledgeArticleEntity, log: LogEntryEntity, procedure: ProcedureEntity };

export function createSearchDocumentStore(em: EntityManager): SearchDocumentStore {
  return {
    incidents: (organizationId, ids) => em.find(IncidentEntity, { id: { $in: [...ids] }, organization: organizationId }, unscoped),
    articles: (organizationId, ids) => em.find(KnowledgeArticleEntity, { id: { $in: [...ids] }, organization: organizationId }, unscoped),
    logs: (organizationId, ids) => em.find(LogEntryEntity, { id: { $in: [...ids] }, organization: organizationId }, unscoped),
    async procedures(organizationId, ids) {
      const procedures = await em.find(ProcedureEntity, { id: { $in: [...ids] }, organization: organizationId }, unscoped);
      if (procedures.length === 0) return [];
      const steps = await em.find(
        ProcedureStepEntity,
        { procedure: { $in: procedures.map((procedure) => procedure.id) }, organization: organizationId },
        { ...unscoped, orderBy: { position: 'asc' } },
      );
      return procedures.map((procedure) => ({ procedure, steps: steps.filter((step) => step.procedure.id === procedure.id) }));
    },
    async ids(organizationId, type) {
      const entity = DOCUMENT_ENTITIES[type] as typeof IncidentEntity;
      const rows = await em.find(entity, { organization: organizationId }, { ...unscoped, fields: ['id'], orderBy: { id: 'asc' } });
      return rows.map((row) => row.id);
    },
    async organizationIdsAcrossOrganizations() {
      const rows = await em.find(OrganizationEntity, {}, { ...unscoped, fields: ['id'] });
      return rows.map((row) => row.id);
    },
    recordChange: (organizationId, type, ids) => recordDocumentChange(em, organizationId, type, ids),
  };
}
