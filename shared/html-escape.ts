/**
 * Text placed in HTML (search highlights, Matrix messages, the pages links open) comes from anyone
 * who can send an alert or write a title: escaped, it cannot become markup.
 */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] as string);
}
