// Markdown text helpers of the postmortem draft and export: no I/O.

/** `2026-11-29 14:56:33 UTC`: one reading for every member, whatever their time zone. */
export function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** `45s`, `4m 12s`, `1h 02m`, `2d 3h`: precise enough for time to acknowledge and to resolve. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

/**
 * Text from alerts, members and updates on one line of Markdown: line breaks folded, and the
 * characters that would start a link, emphasis, HTML or a table cell escaped, so an alert title
 * cannot change the document's structure. Longer than `maxLength`, it is cut with an ellipsis.
 */
export function inline(text: string, maxLength = 500): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return (folded.length > maxLength ? `${folded.slice(0, maxLength - 1)}…` : folded).replace(
    /[\\`*_[\]<>|#]/g,
    (character) => `\\${character}`,
  );
}

/** A table row of already-inline cells. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [tableRow(header), tableRow(header.map(() => '---')), ...rows.map(tableRow)];
}
