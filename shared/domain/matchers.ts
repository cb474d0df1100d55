// Kept free of Node built-ins and I/O: Temporal workflows may import this file into their sandbox.
import { RE2JS } from 're2js';
import type { ComputeBudget, ComputeLimits } from './compute-budget.ts';
import { parseUtf8Matchers, Utf8ParseError } from './matcher-parse-utf8.ts';
import { regexWidth, type RegexProgram } from './regex-width.ts';

/**
 * Alertmanager's label matchers, the one parser and evaluator behind silences, maintenance
 * windows and routing rules, parsed as Alertmanager's default mode does (matcher/compat,
 * FallbackMatchersParser): the UTF-8 parser (matcher-parse-utf8.ts: quoted strings decoded as Go
 * does, `\t`, `\xf0\x9f\x99\x82`, `\U0001f642`; unknown escapes refused; any non-reserved
 * characters in unquoted names, `name-with-dashes`, `service.name`), and where it refuses the
 * input or reads it otherwise, the classic parser (pkg/labels/parse.go: `[a-zA-Z_:][a-zA-Z0-9_:]*`
 * names, values quoted or not, only `\"`, `\\` and `\n` as escapes and any other backslash kept,
 * so `job=~"\d+"` still means what it says). When both refuse, the classic parser's error is given.
 */
export const MATCH_OPERATORS = ['=', '!=', '=~', '!~'] as const;
export type MatchOperator = (typeof MATCH_OPERATORS)[number];

export interface Matcher {
  name: string;
  operator: MatchOperator;
  value: string;
}

/** A matcher ready to evaluate: its regex, if any, compiled once. */
export interface CompiledMatcher extends Matcher {
  /** Whether a label value (the empty string for a missing label) satisfies this matcher. */
  test(value: string): boolean;
  /**
   * The most budget steps `test(value)` can cost: for a regex, (characters + 1) × (its width, the
   * threads RE2's slow path walks per character, + REGEX_STEPS_PER_CHARACTER past DFA_WARM_WIDTH);
   * 1 for an equality.
   */
  cost(value: string): number;
}

/** What is wrong with a matcher's text or its regex; the message is meant for the user. */
export class MatcherError extends Error {
  override name = 'MatcherError';
}

/** Longest matcher list text accepted, and most matchers in one list: keeps parsing and evaluation bounded. */
export const MAX_MATCHERS_TEXT_LENGTH = 10_000;
export const MAX_MATCHERS = 50;

/** Bounds on one regex: its text, and its compiled program (what each match walks). */
export const MAX_REGEX_LENGTH = 1000;
export const MAX_REGEX_PROGRAM_SIZE = 5000;
/**
 * Most instructions a regex may keep alive at once (shared/domain/regex-width.ts): RE2JS's slow
 * path costs about this many steps per character of the value, so it bounds the cost per character.
 */
export const MAX_REGEX_WIDTH = 256;
/**
 * Steps a regex wider than DFA_WARM_WIDTH pays per character on top of its width: building a new
 * DFA state, which RE2JS does for every character when the states never repeat, costs about as
 * much as walking 32 threads (bench/regex-slow-path.bench.ts). A narrower regex has at most 2^12
 * sets of live threads per stretch of the program, which RE2JS's 8 MiB state cache keeps warm.
 */
export const REGEX_STEPS_PER_CHARACTER = 32;
export const DFA_WARM_WIDTH = 12;
/** The most one character of a label value can cost one regex matcher. */
export const MAX_STEPS_PER_CHARACTER = MAX_REGEX_WIDTH + REGEX_STEPS_PER_CHARACTER;

/**
 * What evaluating one alert's labels against an organization's matchers may spend (the mute check,
 * routing, the routing tester, each row of a silence preview), in the steps `cost` counts, and in
 * wall time, checked between tests. The longest label value (MAX_LABEL_VALUE_LENGTH) against the
 * widest regex is about 295,000 steps.
 */
export const MATCH_LIMITS: ComputeLimits = { steps: 2_000_000, ms: 100, clockEvery: 16_384 };

const CLASSIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const OPERATOR = /^(=~|!=|!~|=)/;

/** Splits a list at the commas outside double quotes, as Alertmanager does (an escaped quote does not toggle). */
function splitList(text: string): string[] {
  const tokens: string[] = [];
  let token = '';
  let insideQuotes = false;
  let escaped = false;
  for (const char of text) {
    if (char === ',' && !insideQuotes) {
      tokens.push(token);
      token = '';
      continue;
    }
    if (char === '"') {
      if (!escaped) insideQuotes = !insideQuotes;
      escaped = false;
    } else if (char === '\\') escaped = !escaped;
    else escaped = false;
    token += char;
  }
  if (insideQuotes) throw new MatcherError(`unterminated double quote in ${JSON.stringify(text)}`);
  // A trailing comma (and whitespace after it) is allowed: `{a="b", }`.
  if (token.trim() !== '') tokens.push(token);
  return tokens;
}

/** OpenMetrics unescaping as Alertmanager applies it: `\"`, `\\`, `\n`; any other backslash is kept. */
function unescape(raw: string, whole: string): string {
  let value = '';
  let escaped = false;
  for (let index = 0; index < raw.length; index += 1) {
    const char = raw[index] as string;
    if (escaped) {
      escaped = false;
      if (char === 'n') value += '\n';
      else if (char === '"' || char === '\\') value += char;
      else value += `\\${char}`;
      continue;
    }
    if (char === '\\') {
      if (index < raw.length - 1) escaped = true;
      else value += '\\';
    } else if (char === '"') {
      throw new MatcherError(`unescaped double quote in ${JSON.stringify(whole.trim())}`);
    } else value += char;
  }
  return value;
}

/** The quoted string at the start of `text` (escapes resolved) and what follows it. */
function readQuoted(text: string, whole: string): { value: string; rest: string } {
  let escaped = false;
  for (let index = 1; index < text.length; index += 1) {
    const char = text[index];
    if (escaped) escaped = false;
    else if (char === '\\') escaped = true;
    else if (char === '"') return { value: unescape(text.slice(1, index), whole), rest: text.slice(index + 1) };
  }
  throw new MatcherError(`unterminated double quote in ${JSON.stringify(whole.trim())}`);
}

/** One matcher as the classic parser reads it, e.g. `severity=~"critical|high"`; throws MatcherError. */
function parseClassicMatcher(text: string): Matcher {
  const whole = text;
  let rest = text.trimStart();
  const match = CLASSIC_NAME.exec(rest);
  if (!match)
    throw new MatcherError(`bad matcher ${JSON.stringify(whole.trim())}: expected a label name, then =, !=, =~ or !~, then a value`);
  const name = match[0];
  rest = rest.slice(name.length).trimStart();
  const operatorMatch = OPERATOR.exec(rest);
  if (!operatorMatch)
    throw new MatcherError(`bad matcher ${JSON.stringify(whole.trim())}: expected =, !=, =~ or !~ after ${JSON.stringify(name)}`);
  const operator = operatorMatch[0] as MatchOperator;
  rest = rest.slice(operator.length).trim();
  let value: string;
  if (rest.startsWith('"')) {
    const quoted = readQuoted(rest, whole);
    if (quoted.rest.trim() !== '') throw new MatcherError(`bad matcher ${JSON.stringify(whole.trim())}: text after the closing quote`);
    value = quoted.value;
  } else value = unescape(rest, whole);
  return { name, operator, value };
}

function parseClassicMatchers(text: string): Matcher[] {
  // Either brace is optional, as in Alertmanager.
  let body = text.trim();
  if (body.startsWith('{')) body = body.slice(1);
  if (body.endsWith('}')) body = body.slice(0, -1);
  return splitList(body).map(parseClassicMatcher);
}

const sameMatchers = (a: readonly Matcher[], b: readonly Matcher[]) =>
  a.length === b.length &&
  a.every(
    (matcher, index) => matcher.name === b[index]?.name && matcher.operator === b[index]?.operator && matcher.value === b[index]?.value,
  );

/**
 * Alertmanager's FallbackMatchersParser: the UTF-8 parser's reading unless it refuses the input
 * (then the classic one's, or the classic error when both refuse) or the classic parser reads it
 * otherwise (then the classic one's: what the input meant before UTF-8 matchers existed).
 */
function parseFallback(text: string, parseClassic: (text: string) => Matcher[]): Matcher[] {
  let utf8: Matcher[] | undefined;
  let utf8Error: Utf8ParseError | undefined;
  try {
    utf8 = parseUtf8Matchers(text);
  } catch (error) {
    if (!(error instanceof Utf8ParseError)) throw error;
    utf8Error = error;
  }
  let classic: Matcher[] | undefined;
  try {
    classic = parseClassic(text);
  } catch (error) {
    if (!(error instanceof MatcherError)) throw error;
    if (utf8 === undefined) throw error;
  }
  if (utf8 === undefined || (classic !== undefined && !sameMatchers(utf8, classic))) {
    if (classic === undefined) throw new MatcherError(utf8Error?.message ?? 'bad matchers');
    return classic;
  }
  return utf8;
}

const checkNames = (matchers: Matcher[]): Matcher[] => {
  for (const matcher of matchers) {
    // No alert carries a label without a name: such a matcher is a mistake, not a filter.
    if (matcher.name === '') throw new MatcherError(`bad matcher ${JSON.stringify(formatMatcher(matcher))}: the label name is empty`);
  }
  return matchers;
};

/** One matcher, e.g. `severity=~"critical|high"` (no braces, as Alertmanager's FallbackMatcherParser); throws MatcherError. */
export function parseMatcher(text: string): Matcher {
  if (text.startsWith('{') || text.endsWith('}')) throw new MatcherError(`unexpected open or close brace: ${text}`);
  const matchers = checkNames(parseFallback(text, (single) => [parseClassicMatcher(single)]));
  if (matchers.length !== 1) throw new MatcherError(matchers.length === 0 ? 'no matchers' : `expected 1 matcher, found ${matchers.length}`);
  return matchers[0] as Matcher;
}

/** A list: `{a="b", c=~"d"}` or `a=b,c!~d`; throws MatcherError, also for an empty list or one too long. */
export function parseMatchers(text: string): Matcher[] {
  if (text.length > MAX_MATCHERS_TEXT_LENGTH) throw new MatcherError(`matchers are limited to ${MAX_MATCHERS_TEXT_LENGTH} characters`);
  const matchers = checkNames(parseFallback(text, parseClassicMatchers));
  if (matchers.length === 0) throw new MatcherError('at least one matcher is required');
  if (matchers.length > MAX_MATCHERS) throw new MatcherError(`at most ${MAX_MATCHERS} matchers are allowed`);
  return matchers;
}

/** One list (`{a="b", c=~"d"}`) or several texts, each one or more matchers; throws MatcherError, also when there are none. */
export function parseMatcherTexts(input: string | readonly string[]): Matcher[] {
  const texts = typeof input === 'string' ? [input] : input;
  const matchers = texts.flatMap((text) => parseMatchers(text));
  if (matchers.length === 0) throw new MatcherError('at least one matcher is required');
  return matchers;
}

const isRegex = (operator: MatchOperator) => operator === '=~' || operator === '!~';

/**
 * Compiles a matcher's regex once. Anchored at both ends as Alertmanager does (`^(?:re)$`: a regex
 * matches the whole value), and run by RE2JS, whose time is linear in the input whatever the
 * pattern: a label under an attacker's control cannot stall ingestion.
 */
export function compileMatcher(matcher: Matcher): CompiledMatcher {
  const { name, operator, value } = matcher;
  if (!isRegex(operator)) {
    const equal = operator === '=';
    return { name, operator, value, test: (candidate) => (candidate === value) === equal, cost: () => 1 };
  }
  if (value.length > MAX_REGEX_LENGTH) throw new MatcherError(`a regular expression is limited to ${MAX_REGEX_LENGTH} characters`);
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(`^(?:${value})$`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MatcherError(`invalid regular expression in ${formatMatcher(matcher)}: ${reason}`);
  }
  // Linear time is still time: a huge program (`a{1000}` repeated) would cost that much per label.
  if (regex.programSize() > MAX_REGEX_PROGRAM_SIZE)
    throw new MatcherError(`regular expression too large in ${formatMatcher(matcher)}: use fewer or smaller repetitions`);
  const width = widthOf(regex);
  if (width > MAX_REGEX_WIDTH)
    throw new MatcherError(
      `regular expression too expensive in ${formatMatcher(matcher)}: it can track ${width} positions at once (at most ${MAX_REGEX_WIDTH}), each paid for every character of the label; avoid long counted repetitions such as .{100} after .* or +`,
    );
  const positive = operator === '=~';
  const perCharacter = width + (width > DFA_WARM_WIDTH ? REGEX_STEPS_PER_CHARACTER : 0);
  return {
    name,
    operator,
    value,
    // `test` (a search) on the anchored pattern is a whole-value match, on RE2JS's DFA when it can.
    test: (candidate) => regex.test(candidate) === positive,
    cost: (candidate) => (candidate.length + 1) * perCharacter,
  };
}

/** The regex's width; its program size (never less) when RE2JS's program is not the shape expected. */
function widthOf(regex: RE2JS): number {
  const program = (regex.re2Input as { prog?: unknown } | undefined)?.prog as RegexProgram | undefined;
  const readable = typeof program?.numInst === 'function' && typeof program.getInst === 'function';
  return readable ? regexWidth(program) : regex.programSize();
}

export function compileMatchers(matchers: readonly Matcher[]): CompiledMatcher[] {
  return matchers.map(compileMatcher);
}

/**
 * Whether every matcher holds over `subject`; a label it lacks counts as the empty string, as in
 * Alertmanager. With a budget, each test's cost is spent before it runs, so a BudgetExceededError
 * comes before the work it would have paid for.
 */
export function matchesAll(
  matchers: readonly CompiledMatcher[],
  subject: Readonly<Record<string, string>>,
  budget?: ComputeBudget,
): boolean {
  for (const matcher of matchers) {
    const value = Object.hasOwn(subject, matcher.name) ? (subject[matcher.name] as string) : '';
    budget?.spend(matcher.cost(value));
    if (!matcher.test(value)) return false;
  }
  return true;
}

/**
 * Whether a list would also select alerts lacking every label it names: Alertmanager refuses such
 * a silence (it would mute nearly everything), and so does Tocsin.
 */
export function matchesEmptyLabels(matchers: readonly CompiledMatcher[]): boolean {
  return matchers.every((matcher) => matcher.test(''));
}

/**
 * What matchers see of an alert: its labels, overlaid by the normalized `severity`, `platform`
 * and `integration` (the integration's id), which take precedence over labels of the same name.
 */
export function matchSubject(alert: {
  labels: Readonly<Record<string, string>>;
  severity: string;
  platform: string;
  integrationId: string;
}): Record<string, string> {
  return { ...alert.labels, severity: alert.severity, platform: alert.platform, integration: alert.integrationId };
}

const escapeValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** The canonical text of a matcher, e.g. `alertname="Disk full"`; parseMatcher reads it back unchanged. */
export function formatMatcher(matcher: Matcher): string {
  const name = CLASSIC_NAME.exec(matcher.name)?.[0] === matcher.name ? matcher.name : `"${escapeValue(matcher.name)}"`;
  return `${name}${matcher.operator}"${escapeValue(matcher.value)}"`;
}

/** A list in braces, e.g. `{alertname="Disk full", env=~"prod|staging"}`. */
export function formatMatchers(matchers: readonly Matcher[]): string {
  return `{${matchers.map(formatMatcher).join(', ')}}`;
}
