/**
 * Search snippets and highlights are HTML: document text escaped, then `<em>` tags around the
 * matched words. Documents hold text anyone can write (webhook payloads, log lines), so an unescaped
 * fragment is stored XSS in every client that renders highlights.
 */

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] as string);
}

/**
 * Markers PostgreSQL's ts_headline puts around matches instead of tags, so the fragment can be
 * escaped before the tags go in. Private-use characters; the query removes them from the document
 * text first, so a document cannot forge a marker.
 */
export const MATCH_START = '\uE000';
export const MATCH_STOP = '\uE001';

/** A fragment marked with MATCH_START/MATCH_STOP as HTML: escaped, markers turned into <em> tags. */
export function markedFragmentToHtml(fragment: string): string {
  return escapeHtml(fragment).replaceAll(MATCH_START, '<em>').replaceAll(MATCH_STOP, '</em>');
}
