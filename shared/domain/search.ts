/** Workflow-safe types of search indexing (no Node built-ins here). */
export type SearchIndexDocumentType = 'incident' | 'procedure' | 'article' | 'log';

export interface SearchIndexInput {
  organizationId: string;
  type: SearchIndexDocumentType;
  id: string;
}
