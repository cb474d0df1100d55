import type { QueryKind } from './query-kind.ts';

export const SEARCH_DOCUMENT_TYPES = ['incident', 'procedure', 'article', 'log'] as const;
export type SearchDocumentType = (typeof SEARCH_DOCUMENT_TYPES)[number];
export const SEARCH_MODES = ['semantic', 'keyword', 'hybrid'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

/** What gets indexed: one incident, procedure (with its steps in `body`), article or log line. */
export interface SearchDocument {
  organizationId: string;
  type: SearchDocumentType;
  id: string;
  title: string;
  body: string;
  severity?: string | null;
  status?: string | null;
  createdAt: Date;
}

export interface SearchFilters {
  severity?: string;
  status?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

export interface SearchRequest {
  /** Always set: no search crosses organizations. */
  organizationId: string;
  text: string;
  mode: SearchMode;
  limit: number;
  types?: SearchDocumentType[];
  filters?: SearchFilters;
  /** Documents left out of the results (an incident's own id when looking for similar ones). */
  excludeIds?: string[];
  /** What the text is when the caller knows (a pasted `error_log`); else hybrid classifies the text. */
  queryKind?: QueryKind;
}

export interface SearchHit {
  type: SearchDocumentType;
  id: string;
  title: string;
  snippet: string;
  score: number;
  highlights: string[];
}

export interface SearchResult {
  hits: SearchHit[];
  /** Candidates that matched before the limit. */
  total: number;
}

/** Where search documents live; two backends (Elasticsearch, PostgreSQL) behave the same. */
export interface SearchIndex {
  readonly backend: 'elasticsearch' | 'postgres';
  /** Creates what the backend needs (index + alias); idempotent. */
  ensureReady(): Promise<void>;
  upsert(documents: SearchDocument[]): Promise<void>;
  remove(organizationId: string, type: SearchDocumentType, id: string): Promise<void>;
  search(request: SearchRequest): Promise<SearchResult>;
  /** Makes writes visible to search now (Elasticsearch refresh); tests and the reindex command use it. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}
