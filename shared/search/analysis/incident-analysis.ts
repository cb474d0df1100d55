import { createHash } from 'node:crypto';
import type { IncidentAnalysisSource } from '../../db/access/incidents.ts';
import type { SearchHit, SearchRequest, SearchResult } from '../port.ts';
import type { SearchEngine } from '../engine/engine.ts';
import { incidentBody } from '../indexing/documents.ts';
import { embeddingText } from '../query/fusion.ts';
import { ANALYSIS_MAX_AGE_MS, isAnalysisStale, type AnalysisHit, type IncidentAnalysis } from './analysis-view.ts';

export { ANALYSIS_MAX_AGE_MS, analysisView, isAnalysisStale, type AnalysisHit, type IncidentAnalysis } from './analysis-view.ts';

/** Hits kept per list. */
export const ANALYSIS_HIT_LIMIT = 5;

/** The text an incident is analyzed by, and whose change analyzes it again: its title and description (tags and alerts change too often). */
export function analysisText(incident: { title: string; description: string | null | undefined }): string {
  return [incident.title, incident.description ?? ''].join('\n').trim();
}

/**
 * What an analysis's semantic side embeds: the incident's indexed text, tags included, so that the
 * vector its indexing computed moments before serves (a symmetric model's cache answers). Tags still
 * do not make an analysis due: they count from the next one on.
 */
export function analysisSemanticText(incident: { title: string; description: string | null | undefined; tags: readonly string[] }): string {
  return embeddingText(incident.title, incidentBody(incident));
}

export function analysisTextHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A hit as the detail shows it: no snippet or highlights, which belong to a query. */
export function analysisHit(hit: Pick<SearchHit, 'type' | 'id' | 'title' | 'score'>): AnalysisHit {
  return { type: hit.type, id: hit.id, title: hit.title, score: hit.score };
}

/**
 * Whether the worker computes the analysis again: the text changed since the stored one was
 * computed, or it is stale. Every alert of a storm schedules a pass; this keeps it to one read.
 */
export function needsAnalysis(
  stored: { textHash: string | null; analyzedAt: Date | null },
  textHash: string,
  now: Date,
  maxAgeMs = ANALYSIS_MAX_AGE_MS,
): boolean {
  return stored.textHash !== textHash || isAnalysisStale(stored.analyzedAt, now, maxAgeMs);
}

/**
 * The texts an incident's analysis searches by and the hash it is stored with, when it is due
 * (needsAnalysis); null when the stored one stands.
 */
export function dueAnalysis(
  row: Omit<IncidentAnalysisSource, 'id'>,
  now: Date,
): { text: string; semanticText: string; textHash: string } | null {
  const text = analysisText(row);
  const textHash = analysisTextHash(text);
  const stored = { textHash: row.analysis_text_hash, analyzedAt: row.analyzed_at === null ? null : new Date(row.analyzed_at) };
  return needsAnalysis(stored, textHash, now) ? { text, semanticText: analysisSemanticText(row), textHash } : null;
}

/**
 * An analysis's two searches, one pass each (no feedback), without highlights (it stores titles and
 * scores only): other incidents, and procedures or articles.
 */
export function analysisRequests(input: {
  organizationId: string;
  incidentId: string;
  text: string;
  semanticText: string;
}): [SearchRequest, SearchRequest] {
  const base = {
    organizationId: input.organizationId,
    text: input.text,
    semanticText: input.semanticText,
    mode: 'hybrid' as const,
    limit: ANALYSIS_HIT_LIMIT,
    feedback: false as const,
    highlights: false as const,
  };
  return [
    { ...base, types: ['incident'], excludeIds: [input.incidentId] },
    { ...base, types: ['procedure', 'article'] },
  ];
}

/** An analysis's two searches (analysisRequests) for one incident. */
export async function computeIncidentAnalysis(
  search: SearchEngine,
  input: { organizationId: string; incidentId: string; text: string; semanticText: string },
): Promise<IncidentAnalysis> {
  const [incidentsRequest, proceduresRequest] = analysisRequests(input);
  const [incidents, procedures] = await Promise.all([search.search(incidentsRequest), search.search(proceduresRequest)]);
  return analysisOf(incidents, procedures);
}

/** An analysis from the results of its two searches, in analysisRequests' order. */
export const analysisOf = (incidents: SearchResult | undefined, procedures: SearchResult | undefined): IncidentAnalysis => ({
  similar_incidents: (incidents?.hits ?? []).map(analysisHit),
  suggested_procedures: (procedures?.hits ?? []).map(analysisHit),
});
