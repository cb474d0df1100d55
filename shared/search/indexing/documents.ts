import type { SearchDocumentStore } from '../../db/access/search-documents.ts';
import type { Incident, KnowledgeArticle, LogEntry, Procedure, ProcedureStep } from '../../db/entities/index.ts';
import type { SearchDocument, SearchDocumentType } from '../port.ts';

/** An incident's indexed body: its description, then its tags. */
export const incidentBody = (incident: { description?: string | null; tags: readonly string[] }): string =>
  [incident.description ?? '', incident.tags.join(' ')].filter(Boolean).join('\n');

export const incidentDocument = (organizationId: string, incident: Incident): SearchDocument => ({
  organizationId,
  type: 'incident',
  id: incident.id,
  title: incident.title,
  body: incidentBody(incident),
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

export const procedureDocument = (
  organizationId: string,
  { procedure, steps }: { procedure: Procedure; steps: ProcedureStep[] },
): SearchDocument => ({
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
});

/**
 * Reads the current state of documents of one type from PostgreSQL (the source of truth), in one
 * statement (two for procedures): those that exist, by id; an id missing from the map no longer exists.
 */
export async function loadSearchDocuments(
  documents: SearchDocumentStore,
  organizationId: string,
  type: SearchDocumentType,
  ids: readonly string[],
): Promise<Map<string, SearchDocument>> {
  if (ids.length === 0) return new Map();
  const found = await (async (): Promise<SearchDocument[]> => {
    switch (type) {
      case 'incident':
        return (await documents.incidents(organizationId, ids)).map((row) => incidentDocument(organizationId, row));
      case 'article':
        return (await documents.articles(organizationId, ids)).map((row) => articleDocument(organizationId, row));
      case 'log':
        return (await documents.logs(organizationId, ids)).map((row) => logDocument(organizationId, row));
      case 'procedure':
        return (await documents.procedures(organizationId, ids)).map((row) => procedureDocument(organizationId, row));
    }
  })();
  return new Map(found.map((document) => [document.id, document]));
}

/** Reads the current state of one document; null when it no longer exists. */
export async function loadSearchDocument(
  documents: SearchDocumentStore,
  organizationId: string,
  type: SearchDocumentType,
  id: string,
): Promise<SearchDocument | null> {
  return (await loadSearchDocuments(documents, organizationId, type, [id])).get(id) ?? null;
}
