import type { SearchDocumentStore } from '../../db/access/search-documents.ts';
import type { Incident, KnowledgeArticle, LogEntry } from '../../db/entities/index.ts';
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

/** Reads the current state of one document from PostgreSQL (the source of truth); null when it no longer exists. */
export async function loadSearchDocument(
  documents: SearchDocumentStore,
  organizationId: string,
  type: SearchDocumentType,
  id: string,
): Promise<SearchDocument | null> {
  switch (type) {
    case 'incident': {
      const incident = await documents.incident(organizationId, id);
      return incident ? incidentDocument(organizationId, incident) : null;
    }
    case 'article': {
      const article = await documents.article(organizationId, id);
      return article ? articleDocument(organizationId, article) : null;
    }
    case 'log': {
      const log = await documents.log(organizationId, id);
      return log ? logDocument(organizationId, log) : null;
    }
    case 'procedure': {
      const found = await documents.procedure(organizationId, id);
      if (!found) return null;
      const { procedure, steps } = found;
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
