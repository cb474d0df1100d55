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
  incident(organizationId: string, id: string): Promise<Incident | null>;
  article(organizationId: string, id: string): Promise<KnowledgeArticle | null>;
  log(organizationId: string, id: string): Promise<LogEntry | null>;
  /** The procedure with its steps in order. */
  procedure(organizationId: string, id: string): Promise<{ procedure: Procedure; steps: ProcedureStep[] } | null>;
  /** Every id of one document type in the organization, in id order. */
  ids(organizationId: string, type: SearchIndexDocumentType): Promise<string[]>;
  organizationIdsAcrossOrganizations(): Promise<string[]>;
  /** Records a `search.document_changed` outbox event for the documents: one statement for any number of ids. */
  recordChange(organizationId: string, type: SearchIndexDocumentType, ids: readonly string[]): Promise<void>;
}

const DOCUMENT_ENTITIES = { incident: IncidentEntity, article: KnowledgeArticleEntity, log: LogEntryEntity, procedure: ProcedureEntity };

export function createSearchDocumentStore(em: EntityManager): SearchDocumentStore {
  return {
    incident: (organizationId, id) => em.findOne(IncidentEntity, { id, organization: organizationId }, unscoped),
    article: (organizationId, id) => em.findOne(KnowledgeArticleEntity, { id, organization: organizationId }, unscoped),
    log: (organizationId, id) => em.findOne(LogEntryEntity, { id, organization: organizationId }, unscoped),
    async procedure(organizationId, id) {
      const procedure = await em.findOne(ProcedureEntity, { id, organization: organizationId }, unscoped);
      if (!procedure) return null;
      const steps = await em.find(
        ProcedureStepEntity,
        { procedure: id, organization: organizationId },
        { ...unscoped, orderBy: { position: 'asc' } },
      );
      return { procedure, steps };
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
