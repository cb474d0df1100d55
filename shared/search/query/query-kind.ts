import { STRUCTURED_ALARM, SYSLOG_LINE } from './error-log.ts';

/**
 * What a search query is, as far as fusion cares: the keyword side is worth a lot on a pasted log
 * (its error strings recur verbatim in incidents) and on an identifier (an error code, a hostname:
 * only an exact match answers it), little on a sentence in a responder's own words.
 */
export const QUERY_KINDS = ['error_log', 'identifier', 'mixed', 'prose'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** Function words: a query with several of them is a sentence, not a list of terms. */
export const STOPWORDS = new Set(
  (
    'a an and are as at be because been but by can could did do does for from had has have how i if in into is it its ' +
    'keeps me my no not of on or our out so some than that the their them then there these they this to up was we were ' +
    'what when where which while who why will with would you your after before again any all more most still any every'
  ).split(' '),
);

const LOG_LEVEL = /\b(?:ERROR|FATAL|WARN(?:ING)?|CRITICAL|PANIC|SEVERE)\b/;
const TIMESTAMP = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/;
const STACK_FRAME = /^[ \t]*(?:at[ \t]+\S+[ \t]*\(|File ".*", line \d+|Traceback \(most recent call last\)|Caused by:|#\d+\s+0x)/m;
const EXCEPTION_CLASS = /\b[A-Z][A-Za-z]*(?:Exception|Error)\b|\b[a-z]+(?:\.[a-z_]+){2,}\.[A-Z]\w+/;

/**
 * A token that names something rather than says something: digits (`53300`, `ip-10-0-3-17`),
 * inner punctuation (`orders-api`, `max.poll.interval.ms`, `pg_hba`), upper case beyond the first
 * letter (`ENOTFOUND`, `OOMKilled`, `getaddrInfo`), or a path.
 */
export function isIdentifierToken(token: string): boolean {
  if (token.length < 2) return false;
  return /\d/.test(token) || /\w[-_.:/]\w/.test(token) || /^[A-Z0-9_]{3,}$/.test(token) || /[a-z][A-Z]|[A-Z]{2}[a-z]/.test(token);
}

/** The query's tokens as a person wrote them: runs of word characters joined by inner `-_.:/`. */
export function queryTokens(text: string): string[] {
  return text.match(/[\p{L}\p{N}_]+(?:[-_.:/][\p{L}\p{N}_]+)*/gu) ?? [];
}

/**
 * Classifies the text sent to search. `error_log`: log lines (a level word with a timestamp or an
 * exception, a stack frame, several lines with a level word, a structured logger's line at warning
 * level or worse, or a syslog or journal line). `identifier`: terms with no
 * sentence around them, holding an identifier or at most four words. `mixed`: a sentence
 * holding an identifier. `prose`: the rest.
 */
export function classifyQuery(text: string): QueryKind {
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  const levelLines = lines.filter((line) => LOG_LEVEL.test(line)).length;
  if (
    STACK_FRAME.test(text) ||
    STRUCTURED_ALARM.test(text) ||
    SYSLOG_LINE.test(text) ||
    (LOG_LEVEL.test(text) && (TIMESTAMP.test(text) || EXCEPTION_CLASS.test(text))) ||
    levelLines >= 2
  )
    return 'error_log';
  const tokens = queryTokens(text);
  if (!tokens.length) return 'prose';
  const identifiers = tokens.filter(isIdentifierToken).length;
  const functionWords = tokens.filter((token) => STOPWORDS.has(token.toLowerCase())).length;
  // An exception message pasted alone (`CommitFailedException: Commit cannot be completed`) reads as a log line.
  if (EXCEPTION_CLASS.test(text) && /\w:\s/.test(text) && tokens.length > 3) return 'error_log';
  const sentence = functionWords >= 2 || (functionWords >= 1 && tokens.length >= 5) || tokens.length >= 7;
  // A few bare terms (`kafka consumer lag`) ask for documents holding them, like an identifier does.
  if (!sentence) return identifiers > 0 || tokens.length <= 4 ? 'identifier' : 'prose';
  return identifiers > 0 ? 'mixed' : 'prose';
}
