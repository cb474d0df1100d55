import type { EntityManager } from '@mikro-orm/core';
import {
  IncidentEntity,
  KnowledgeArticleEntity,
  LogEntryEntity,
  ProcedureEntity,
  ProcedureStepEntity,
  type Incident,
  type KnowledgeArticle,
  type LogEntry,
} from '../../db/entities/index.ts';
import type { SearchDocument, SearchDocumentType } from '../port.ts';

export const incidentDocument = (organizationId: string, incident: Incident): SearchDocument => ({
  organizationId,
  type: 'incident',
  id: incident.id,
  title: incident.title,
  body: [incident.description ?? '', incident.tags.join(' ')].filter(Boolean).join('\n'),
  severity: incident.severity,
  status: incident.status,
  createdAt: incident.createdAt,
});

export const articleDocument = (organizationId: string, article: KnowledgeArticle): SearchDocument => ({
  organizationId,
  type: 'article',
  id: article.id,
  title: article.title,
  body: [article.body, article.tags.join(' ')].filter(Boolean).join('\n'),
  createdAt: article.createdAt,
});

export const logDocument = (organizationId: string, log: LogEntry): SearchDocument => ({
  organizationId,
  type: 'log',
  id: log.id,
  title: `${log.service} ${log.level}: ${log.message.slice(0, 200)}`,
  body: log.message,
  severity: log.level,
  createdAt: log.timestamp,
});

/**
 * Reads the current state of one document from PostgreSQL (the source of truth) through an
 * EntityManager already scoped to the organization; null when it no longer exists.
 */
export async function loadSearchDocument(
  em: EntityManager,
  organizationId: string,
  type: SearchDocumentType,
  id: string,
): Promise<SearchDocument | null> {
  switch (type) {
    case 'incident': {
      const incident = await em.findOne(IncidentEntity, { id });
      return incident ? incidentDocument(organizationId, incident) : null;
    }
    case 'article': {
      const article = await em.findOne(KnowledgeArticleEntity, { id });
      return article ? articleDocument(organizationId, article) : null;
    }
    case 'log': {
      const log = await em.findOne(LogEntryEntity, { id });
      return log ? logDocument(organizationId, log) : null;
    }
    case 'procedure': {
      const procedure = await em.findOne(ProcedureEntity, { id });
      if (!procedure) return null;
      const steps = await em.find(ProcedureStepEntity, { procedure: id }, { orderBy: { position: 'asc' } });
      return {
        organizationId,
        type: 'procedure',
        id: procedure.id,
        title: procedure.name,
        body: [
          procedure.description ?? '',
          ...steps.map((step) => `${step.position}. ${step.name}${step.description ? `: ${step.description}` : ''}`),
          procedure.tags.join(' '),
        ]
          .filter(Boolean)
          .join('\n'),
        createdAt: procedure.createdAt,
      };
    }
  }
}

/** Every id of one type in one organization, in pages, for the reindex command. */
export async function listDocumentIds(em: EntityManager, type: SearchDocumentType): Promise<string[]> {
  const entity = { incident: IncidentEntity, article: KnowledgeArticleEntity, log: LogEntryEntity, procedure: ProcedureEntity }[type];
  const rows = await em.find(entity as typeof IncidentEntity, {}, { fields: ['id'], orderBy: { id: 'asc' } });
  return rows.map((row) => row.id);
}
