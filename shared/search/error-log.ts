const INFORMATIVE =
  /error|exception|fail|fatal|panic|timeout|timed out|refused|denied|unavailable|cannot|can't|unable|invalid|oom|out of memory|killed|caused by|traceback|crash|deadlock|exhausted|too many|not found|unreachable|warn/i;
const STACK_FRAME = /^\s*(?:at\s|File ".*", line \d+|\.\.\. \d+ more|#\d+\s+0x)/;
const NOISE = [
  /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g, // timestamps
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, // uuids
  /\b0x[0-9a-f]+\b|\b[0-9a-f]{16,}\b/gi, // addresses, hashes
  // The bracket's contents stop at the next `[` too: with `[^\]]*` alone, every `[pid` of a line
  // without a closing bracket rescanned the rest of the line, quadratic (200k chars, 10 s).
  /\[(?:pid|tid|thread)[^[\]]*\]/gi,
];

/**
 * Turns a pasted error log into a query: the informative lines (errors, exceptions, causes and the
 * first stack frame of each), without timestamps, ids and addresses that only add noise, deduplicated
 * and capped, so neither the keyword side nor the 256-token model drowns in repetition.
 */
export function informativeQuery(log: string, maxChars = 1_000): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  let framesAfterError = 0;
  for (const rawLine of log.split(/\r?\n/)) {
    let line = rawLine;
    for (const pattern of NOISE) line = line.replace(pattern, ' ');
    line = line.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    if (STACK_FRAME.test(rawLine)) {
      if (framesAfterError++ < 1) kept.push(line);
      continue;
    }
    if (!INFORMATIVE.test(line)) continue;
    framesAfterError = 0;
    const key = line.toLowerCase().replace(/\d+/g, '#');
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(line);
  }
  // A log with no recognizable error line is still a query: fall back to its first lines.
  const text = (
    kept.length
      ? kept
      : log
          .split(/\r?\n/)
          .filter((line) => line.trim())
          .slice(0, 10)
  ).join('\n');
  return text.slice(0, maxChars);
}
