/**
 * The search module's one port: what the API, the worker, the activities and the tests depend on.
 * The engines behind it (Elasticsearch, the PostgreSQL fallback) live in engine/; create-search.ts
 * builds it. The design is described in README.md beside this file.
 */
import type { SearchIndexInput } from '../domain/search.ts';
import type { QueryKind } from './query/query-kind.ts';

export type { SearchIndexInput } from '../domain/search.ts';
// The configuration names the local embedding model.
export { DEFAULT_LOCAL_MODEL, LOCAL_MODEL_IDS } from './embedding/local-models.ts';
export { ANALYSIS_MAX_AGE_MS, analysisView, isAnalysisStale, type AnalysisHit, type IncidentAnalysis } from './analysis/analysis-view.ts';

export const SEARCH_DOCUMENT_TYPES = ['incident', 'procedure', 'article', 'log'] as const;
export type SearchDocumentType = (typeof SEARCH_DOCUMENT_TYPES)[number];
export const SEARCH_MODES = ['semantic', 'keyword', 'hybrid'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];
export type SearchBackend = 'elasticsearch' | 'postgres';

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
  /**
   * What the semantic side embeds when not `text`: an incident's analysis embeds the incident's
   * indexed text, whose vector its indexing has just computed (a symmetric model's cache then answers).
   */
  semanticText?: string;
  mode: SearchMode;
  limit: number;
  types?: SearchDocumentType[];
  filters?: SearchFilters;
  /** Documents left out of the results (an incident's own id when looking for similar ones). */
  excludeIds?: string[];
  /** What the text is when the caller knows (a pasted `error_log`); else hybrid classifies the text. */
  queryKind?: QueryKind;
  /**
   * `false`: hybrid ranks its first pass only, without pseudo-relevance feedback's second kNN pass
   * (an incident's analysis: its text is a whole description, not a few typed words).
   */
  feedback?: false;
  /** `false`: a hybrid search's hits without highlights, their snippet the body's opening (an analysis keeps neither). */
  highlights?: false;
}

/** A person's query: free text, a pasted log, or both; the module turns it into a `SearchRequest`. */
export type SearchQuery = Omit<SearchRequest, 'text' | 'semanticText' | 'queryKind'> & { query?: string; errorLog?: string };

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

/** Has documents (re)indexed after the API's committed writes, through the outbox. */
export interface SearchIndexer {
  /** Has one document (re)indexed after a committed write; never fails the write. */
  schedule(input: SearchIndexInput): Promise<void>;
  /** The same for several documents of one type, in one outbox event. */
  scheduleAll(organizationId: string, type: SearchDocumentType, ids: readonly string[]): Promise<void>;
}

export type IndexDocumentResult = 'indexed' | 'removed';
export type AnalyzeIncidentResult = 'analyzed' | 'unchanged' | 'missing';
export type IndexDocumentsResult = Record<IndexDocumentResult, number>;

/** What a follow-up pass's analysis calls back: a heartbeat, and a wait before each unit of work. */
export interface AnalysisHooks {
  onProgress?: () => void;
  pace?: () => Promise<unknown>;
}

/** Search, the same whichever engine holds the documents. PostgreSQL stays the source of truth. */
export interface SearchPort {
  readonly backend: SearchBackend;
  /** Indexes one document's current state from PostgreSQL, or removes it when it no longer exists. */
  indexDocument(input: SearchIndexInput): Promise<IndexDocumentResult>;
  /**
   * Indexes a follow-up pass's documents of one organization: read from PostgreSQL, embedded in one
   * call and written in one bulk request; those that no longer exist are removed. Idempotent.
   */
  indexDocuments(organizationId: string, documents: ReadonlyArray<Pick<SearchIndexInput, 'type' | 'id'>>): Promise<IndexDocumentsResult>;
  /** Removes one document from the index (a delete that must not wait for a reload). */
  removeDocument(input: SearchIndexInput): Promise<void>;
  /**
   * A person's query within one organization. An unreachable or overloaded engine is a
   * `ServiceUnavailableError` (503, retry), not a bug.
   */
  query(query: SearchQuery): Promise<SearchResult>;
  /** Computes and stores one incident's `analysis` when its text changed or the stored one is stale. */
  analyzeIncident(input: { organizationId: string; incidentId: string }): Promise<AnalyzeIncidentResult>;
  /**
   * analyzeIncident for a follow-up pass's incidents of one organization: their searches in one
   * round trip where the engine has one (Elasticsearch: one `_msearch`, the texts embedded in one
   * call), else one incident's at a time; `pace` before each of those units, `onProgress` after them.
   */
  analyzeIncidents(
    input: { organizationId: string; incidentIds: readonly string[] },
    hooks?: AnalysisHooks,
  ): Promise<Record<AnalyzeIncidentResult, number>>;
  /** Rebuilds the index from PostgreSQL (every organization, the given types or all); returns the count. */
  reindex(options?: { types?: SearchDocumentType[]; log?: (message: string) => void }): Promise<number>;
  /** Makes writes visible to queries now (Elasticsearch refresh); tests and the reindex command use it. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}
