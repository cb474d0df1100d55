/**
 * Search snippets and highlights are HTML: document text escaped, then `<em>` tags around the
 * matched words. Documents hold text anyone can write (webhook payloads, log lines), so an unescaped
 * fragment is stored XSS in every client that renders highlights.
 */

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] as string);
}
