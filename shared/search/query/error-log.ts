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
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]?\d \d{2}:\d{2}:\d{2}\b/g, // syslog and journal timestamps
  /(?<=[\w.-])\[\d+\](?=:)/g, // a journal line's process id: `orders-api[4711]:`
];

// What a structured logger's line says, by the keys loggers commonly give it (pino, bunyan, zap,
// logrus, structlog, Serilog's compact JSON, ECS).
const MESSAGE_KEYS = ['msg', 'message', '@m', 'error', 'err', 'exception', 'reason', 'error.message', 'err.message', 'exception.message'];
const STACK_KEYS = [
  'stack',
  'stack_trace',
  'stacktrace',
  'exc_info',
  'err.stack',
  'error.stack',
  'error.stack_trace',
  'exception.stacktrace',
];
const PLACE_KEYS = ['service', 'service.name', 'app', 'logger', 'host', 'hostname', 'host.name'];
const LEVEL_KEYS = ['level', 'severity', 'lvl', 'levelname', 'log.level', '@l'];
// Level names at warning level and worse, as the loggers above spell them (pino's numbers apart);
// the first few of the error names are all logfmt lines use.
const WARNING_NAMES = 'warn(?:ing)?';
const LOGFMT_ERROR_NAMES = 'error|err|fatal|crit(?:ical)?|panic';
const ERROR_NAMES = `${LOGFMT_ERROR_NAMES}|severe|alert|emerg(?:ency)?`;
const WARNING_LEVEL = new RegExp(`^(?:${WARNING_NAMES}|40)$`, 'i');
const ERROR_LEVEL = new RegExp(`^(?:${ERROR_NAMES}|[56]0)$`, 'i');

/** One level of nesting flattened (`{"error":{"message":…}}` → `error.message`), strings and numbers kept. */
function flatFields(record: Record<string, unknown>): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string' || typeof value === 'number') fields.set(key.toLowerCase(), String(value));
    else if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [inner, innerValue] of Object.entries(value as Record<string, unknown>))
        if (typeof innerValue === 'string' || typeof innerValue === 'number')
          fields.set(`${key}.${inner}`.toLowerCase(), String(innerValue));
  }
  return fields;
}

/**
 * A structured logger's JSON line as the plain line a person reads (`ERROR [service] host message`,
 * then its stack's lines), or undefined when the line is not a JSON object.
 */
export function plainLogLines(line: string): string[] | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return undefined;
  let record: unknown;
  try {
    record = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  if (!record || typeof record !== 'object' || Array.isArray(record)) return undefined;
  const fields = flatFields(record as Record<string, unknown>);
  // The distinct non-blank values of these keys, in the keys' order.
  const valuesOf = (keys: string[]) => [...new Set(keys.map((key) => fields.get(key)?.trim()).filter((value): value is string => !!value))];
  const [level = ''] = valuesOf(LEVEL_KEYS);
  const [service, ...places] = valuesOf(PLACE_KEYS);
  const head = [
    WARNING_LEVEL.test(level) ? 'WARN' : ERROR_LEVEL.test(level) ? 'ERROR' : '',
    service ? `[${service}]` : '',
    ...places,
    ...valuesOf(MESSAGE_KEYS),
  ]
    .filter(Boolean)
    .join(' ');
  const [stack] = valuesOf(STACK_KEYS);
  return [head, ...(stack ? stack.split(/\r?\n|\\n/) : [])].filter((part) => part.trim());
}

/** A structured log line at warning level or worse: a JSON level field (LEVEL_KEYS) or logfmt's `level=`. */
export const STRUCTURED_ALARM = new RegExp(
  `^[ \\t]*\\{.*"(?:${LEVEL_KEYS.map((key) => key.replaceAll('.', '\\.')).join('|')})"[ \\t]*:[ \\t]*` +
    `(?:"(?:${WARNING_NAMES}|${ERROR_NAMES})"|[456]0\\b)|\\b(?:level|lvl)=(?:${WARNING_NAMES}|${LOGFMT_ERROR_NAMES})\\b`,
  'im',
);
/** A syslog or journal line: `Nov 24 22:05:41 host process[pid]: …`. */
export const SYSLOG_LINE = /^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]?\d \d{2}:\d{2}:\d{2} \S+ [^\s:[]+(?:\[\d+\])?:/m;

/** A log's lines but the blank ones, which a run of empty lines leaves out in the split itself. */
function* nonBlankLines(log: string): Generator<string> {
  for (const line of log.split(/\r?\n(?:[ \t]*\r?\n)*/)) if (!BLANK.test(line)) yield line;
}

const BLANK = /^\s*$/;

function firstOf<T>(items: Iterable<T>, count: number): T[] {
  const first: T[] = [];
  for (const item of items) {
    if (first.length === count) break;
    first.push(item);
  }
  return first;
}

/**
 * Turns a pasted error log into a query: the informative lines (errors, exceptions, causes and the
 * first stack frame of each), without timestamps, ids and addresses that only add noise, deduplicated
 * and capped, so neither the keyword side nor the 256-token model drowns in repetition.
 */
export function informativeQuery(log: string, maxChars = 1_000): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  let framesAfterError = 0;
  const lines = [...nonBlankLines(log)].flatMap((line) => plainLogLines(line) ?? [line]);
  for (const rawLine of lines) {
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
  const text = (kept.length ? kept : firstOf(nonBlankLines(log), 10)).join('\n');
  return text.slice(0, maxChars);
}
