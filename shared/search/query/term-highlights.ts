import { queryTerms, snippetOf, stem, type Candidate } from './fusion.ts';
import { escapeHtml } from '../../html-escape.ts';
import type { SearchHit } from '../port.ts';

type Term = ReturnType<typeof queryTerms>[number];

/** Characters of a body fragment, and of context kept before its first match. */
const FRAGMENT_LENGTH = 160;
const LEAD = 24;
const MAX_FRAGMENTS = 2;
/** A body longer than this is highlighted in its first part only (a log line can be megabytes). */
const MAX_SCANNED = 50_000;

interface Span {
  start: number;
  end: number;
  /** Index of the query term it matches: a window is worth the distinct terms it holds. */
  term: number;
}

/**
 * Where the query's terms occur in a text, as fusion counts them: an identifier whole and in any
 * case, a word by its stem. Positions are the original text's (matched case-insensitively rather
 * than on a lower-cased copy, whose length can differ).
 */
function spansOf(terms: Term[], text: string): Span[] {
  const spans: Span[] = [];
  const byStem = new Map<string, number>();
  terms.forEach((term, index) => {
    if (term.whole) {
      for (const match of text.matchAll(new RegExp(term.whole.pattern().source, 'giu'))) {
        spans.push({ start: match.index, end: match.index + match[0].length, term: index });
      }
    } else {
      for (const part of term.parts) if (!byStem.has(part)) byStem.set(part, index);
    }
  });
  if (byStem.size) {
    for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
      const index = byStem.get(stem(match[0].toLowerCase()));
      if (index !== undefined) spans.push({ start: match.index, end: match.index + match[0].length, term: index });
    }
  }
  // Overlaps (a word inside an identifier also searched for) keep the earlier, longer span.
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Span[] = [];
  for (const span of spans) if (!kept.length || span.start >= (kept.at(-1) as Span).end) kept.push(span);
  return kept;
}

/** The text with its spans in <em> tags, everything escaped. */
function marked(text: string, spans: Span[], offset = 0): string {
  let html = '';
  let at = offset;
  for (const span of spans) {
    html += `${escapeHtml(text.slice(at, span.start))}<em>${escapeHtml(text.slice(span.start, span.end))}</em>`;
    at = span.end;
  }
  return html;
}

interface Window {
  start: number;
  end: number;
  spans: Span[];
  worth: number;
}

/** The fragment that starts a little before `first`'s match, on word boundaries at both ends. */
function windowFrom(text: string, spans: Span[], first: number, weights: number[]): Window {
  const head = spans[first] as Span;
  // Near the end of the text, the fragment reaches further back instead of coming out short.
  let start = Math.max(0, Math.min(head.start - LEAD, text.length - FRAGMENT_LENGTH));
  if (start > 0) {
    const space = text.indexOf(' ', start - 1);
    start = space >= 0 && space < head.start ? space + 1 : head.start;
  }
  let end = Math.min(text.length, Math.max(start + FRAGMENT_LENGTH, head.end));
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > head.end) end = space;
  }
  // Spans are sorted and do not overlap: the window's are a run around `first`, a fragment's length at most.
  let from = first;
  while (from > 0 && (spans[from - 1] as Span).start >= start) from--;
  let to = first + 1;
  while (to < spans.length && (spans[to] as Span).end <= end) to++;
  const inside = spans.slice(from, to);
  const worth = [...new Set(inside.map((span) => span.term))].reduce((sum, term) => sum + (weights[term] as number), 0);
  return { start, end, spans: inside, worth };
}

/**
 * Snippet and highlights of one hit, computed in Tocsin for the hits a search returns only (not
 * for every candidate, and never by the engine): the query's terms marked with <em> in the title
 * (whole) and in the best fragments of the body (up to two, the one holding the most weight of
 * distinct terms first), HTML-escaped. A body without a match gets its plain opening as snippet.
 */
export function highlightOf(terms: Term[], title: string, body: string): Pick<SearchHit, 'snippet' | 'highlights'> {
  const highlights: string[] = [];
  const titleSpans = spansOf(terms, title);
  if (titleSpans.length) highlights.push(marked(title, titleSpans) + escapeHtml(title.slice((titleSpans.at(-1) as Span).end)));

  const flat = body.replace(/\s+/g, ' ').trim().slice(0, MAX_SCANNED);
  const spans = spansOf(terms, flat);
  const weights = terms.map((term) => term.weight);
  const windows = spans.map((_span, i) => windowFrom(flat, spans, i, weights)).sort((a, b) => b.worth - a.worth || a.start - b.start);
  const chosen: Window[] = [];
  for (const window of windows) {
    if (chosen.length >= MAX_FRAGMENTS) break;
    if (chosen.every((other) => window.end <= other.start || window.start >= other.end)) chosen.push(window);
  }
  const fragments = chosen.map(
    ({ start, end, spans: inside }) =>
      `${start > 0 ? '…' : ''}${marked(flat, inside, start)}${escapeHtml(flat.slice((inside.at(-1) as Span).end, end))}${end < flat.length ? '…' : ''}`,
  );
  highlights.push(...fragments);
  return { snippet: fragments[0] ?? escapeHtml(snippetOf(body)), highlights };
}

/**
 * Marks the query's terms in the hits a search returns (by default every candidate's), each
 * found among the candidates for its text: the title, a newline, the body, as both backends build it.
 */
export function highlightCandidates(queryText: string, candidates: Candidate[], hits = candidates.map(({ hit }) => hit)): SearchHit[] {
  const terms = queryTerms(queryText);
  const texts = new Map(candidates.map(({ hit, text }) => [`${hit.type}:${hit.id}`, text]));
  return hits.map((hit) => {
    const text = texts.get(`${hit.type}:${hit.id}`) ?? '';
    const body = text.startsWith(`${hit.title}\n`) ? text.slice(hit.title.length + 1) : text;
    return { ...hit, ...highlightOf(terms, hit.title, body) };
  });
}
