// Pure helpers of the paging pages (no I/O): unit-tested in test/console/paging-format.test.ts.

/** Minutes as a person reads them: fractions of a minute in seconds. */
export function formatMinutes(minutes: number): string {
  if (minutes === 0) return 'at once';
  if (minutes < 1) return `${Math.round(minutes * 60)} s`;
  if (minutes < 120) return `${Number(minutes.toFixed(2))} min`;
  return `${Number((minutes / 60).toFixed(1))} h`;
}

/**
 * Parses `name=value` lines into labels (a later line of the same name wins); a line without a
 * name before `=` is reported, not dropped. Built with fromEntries so a label named `__proto__`
 * stays a label.
 */
export function parseLabels(text: string): { labels: Record<string, string>; bad: string[] } {
  const entries = new Map<string, string>();
  const bad: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const at = trimmed.indexOf('=');
    const name = at < 0 ? '' : trimmed.slice(0, at).trim();
    if (!name) bad.push(trimmed);
    else entries.set(name, trimmed.slice(at + 1).trim());
  }
  return { labels: Object.fromEntries(entries), bad };
}
