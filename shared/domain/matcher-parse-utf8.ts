// Kept free of Node built-ins and I/O: Temporal workflows may import this file into their sandbox.
/**
 * Alertmanager's UTF-8 matchers parser (matcher/parse: lexer.go, parse.go, token.go at v0.31.1),
 * ported rule for rule: label names and values are unquoted runs of non-reserved characters or
 * double-quoted strings unquoted as Go's strconv.Unquote does (`\t`, `\xf0`, `\U0001f642`...; an
 * unknown escape or bytes that are not UTF-8 are refused). Errors carry Alertmanager's text with
 * its `start:end` column positions.
 */
export interface ParsedMatcher {
  name: string;
  operator: '=' | '!=' | '=~' | '!~';
  value: string;
}

export class Utf8ParseError extends Error {
  override name = 'Utf8ParseError';
}

type Kind = 'open' | 'close' | 'comma' | '=' | '!=' | '=~' | '!~' | 'quoted' | 'unquoted' | 'eof';
interface Token {
  kind: Kind;
  value: string;
  columnStart: number;
  columnEnd: number;
}

const RESERVED = new Set(['{', '}', '!', '=', '~', ',', '\\', '"', "'", '`']);
// Go's unicode.IsSpace: the Latin-1 spaces plus the Unicode White_Space property.
const isSpace = (char: string) => /^\s$/u.test(char) || char === '\u0085';
const isReserved = (char: string) => isSpace(char) || RESERVED.has(char);

/** Tokens over code points, counting columns in code points as Go counts runes. */
class Lexer {
  private readonly chars: string[];
  private pos = 0;
  private start = 0;

  constructor(input: string) {
    this.chars = Array.from(input);
  }

  private text(from: number, to: number) {
    return this.chars.slice(from, to).join('');
  }

  private emit(kind: Kind): Token {
    const token = { kind, value: this.text(this.start, this.pos), columnStart: this.start, columnEnd: this.pos };
    this.start = this.pos;
    return token;
  }

  private expectedError(expected: string): Utf8ParseError {
    if (this.pos >= this.chars.length)
      return new Utf8ParseError(`${this.start}:${this.pos}: unexpected end of input, expected one of '${expected}'`);
    return new Utf8ParseError(`${this.start}:${this.pos}: ${this.text(this.start, this.pos)}: expected one of '${expected}'`);
  }

  scan(): Token {
    while (this.pos < this.chars.length) {
      const char = this.chars[this.pos] as string;
      if (char === '{' || char === '}' || char === ',') {
        this.pos += 1;
        return this.emit(char === '{' ? 'open' : char === '}' ? 'close' : 'comma');
      }
      if (char === '=' || char === '!') return this.scanOperator();
      if (char === '"') return this.scanQuoted();
      if (!isReserved(char)) {
        while (this.pos < this.chars.length && !isReserved(this.chars[this.pos] as string)) this.pos += 1;
        return this.emit('unquoted');
      }
      if (isSpace(char)) {
        this.pos += 1;
        this.start = this.pos;
        continue;
      }
      this.pos += 1;
      throw new Utf8ParseError(`${this.start}:${this.pos}: ${this.text(this.start, this.pos)}: invalid input`);
    }
    return { kind: 'eof', value: '', columnStart: this.pos, columnEnd: this.pos };
  }

  private accept(char: string): boolean {
    if (this.chars[this.pos] !== char) return false;
    this.pos += 1;
    return true;
  }

  private scanOperator(): Token {
    if (this.accept('!')) {
      if (this.accept('=')) return this.emit('!=');
      if (this.accept('~')) return this.emit('!~');
      throw this.expectedError('=~');
    }
    this.accept('=');
    return this.emit(this.accept('~') ? '=~' : '=');
  }

  private scanQuoted(): Token {
    this.pos += 1;
    let escaped = false;
    while (this.pos < this.chars.length) {
      const char = this.chars[this.pos] as string;
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') break;
      this.pos += 1;
    }
    if (!this.accept('"')) throw new Utf8ParseError(`${this.start}:${this.pos}: ${this.text(this.start, this.pos)}: missing end "`);
    return this.emit('quoted');
  }

  /** The next token without consuming it. */
  peek(): Token {
    const { pos, start } = this;
    try {
      return this.scan();
    } finally {
      this.pos = pos;
      this.start = start;
    }
  }

  get columnEnd() {
    return this.pos;
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92, '"': 34 };

/** Go's strconv.Unquote for a double-quoted literal, then the UTF-8 check; null when Go refuses it. */
export function goUnquote(literal: string): string | null {
  if (literal.length < 2 || !literal.startsWith('"') || !literal.endsWith('"')) return null;
  const body = literal.slice(1, -1);
  if (body.includes('\n')) return null;
  const bytes: number[] = [];
  const pushText = (text: string) => bytes.push(...new TextEncoder().encode(text));
  const hex = (text: string, length: number): number | null =>
    text.length === length && /^[0-9a-fA-F]+$/.test(text) ? Number.parseInt(text, 16) : null;
  const chars = Array.from(body);
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index] as string;
    if (char === '"') return null;
    if (char !== '\\') {
      pushText(char);
      continue;
    }
    const escape = chars[index + 1];
    if (escape === undefined) return null;
    index += 1;
    if (Object.hasOwn(SIMPLE_ESCAPES, escape)) bytes.push(SIMPLE_ESCAPES[escape] as number);
    else if (escape === 'x') {
      const value = hex(chars.slice(index + 1, index + 3).join(''), 2);
      if (value === null) return null;
      bytes.push(value);
      index += 2;
    } else if (escape >= '0' && escape <= '7') {
      const digits = chars.slice(index, index + 3).join('');
      if (!/^[0-7]{3}$/.test(digits) || Number.parseInt(digits, 8) > 255) return null;
      bytes.push(Number.parseInt(digits, 8));
      index += 2;
    } else if (escape === 'u' || escape === 'U') {
      const length = escape === 'u' ? 4 : 8;
      const value = hex(chars.slice(index + 1, index + 1 + length).join(''), length);
      if (value === null || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return null;
      pushText(String.fromCodePoint(value));
      index += length;
    } else return null;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

const OPERATORS = new Set<Kind>(['=', '!=', '=~', '!~']);

/** Alertmanager's parse.Matchers: every matcher of `input` (none for `` and `{}`), or Utf8ParseError. */
export function parseUtf8Matchers(input: string): ParsedMatcher[] {
  const lexer = new Lexer(input);
  const matchers: ParsedMatcher[] = [];
  const unexpected = (token: Token) => `${token.columnStart}:${token.columnEnd}: unexpected ${token.value}`;
  /** The next token, which must be one of `kinds`; `what` completes the error as Alertmanager words it. */
  /** Peeks, a lexing error completed by what was expected, as Alertmanager wraps it. */
  const peekFor = (what: string): Token => {
    try {
      return lexer.peek();
    } catch (error) {
      if (error instanceof Utf8ParseError) throw new Utf8ParseError(`${error.message}: ${what}`);
      throw error;
    }
  };
  const expect = (kinds: Kind[], what: string): Token => {
    const token = peekFor(what);
    if (token.kind === 'eof') throw new Utf8ParseError(`end of input: ${what}`);
    if (!kinds.includes(token.kind)) throw new Utf8ParseError(`${unexpected(token)}: ${what}`);
    return lexer.scan();
  };
  const unquote = (token: Token): string => {
    if (token.kind === 'unquoted') return token.value;
    const value = goUnquote(token.value);
    if (value === null) throw new Utf8ParseError(`${token.columnStart}:${token.columnEnd}: ${token.value}: invalid input`);
    return value;
  };

  const first = lexer.peek();
  const hasOpenBrace = first.kind === 'open';
  if (hasOpenBrace) lexer.scan();
  let next = lexer.peek();
  if (first.kind !== 'eof' && next.kind !== 'close' && next.kind !== 'eof') {
    for (;;) {
      const name = unquote(expect(['quoted', 'unquoted'], 'expected label name'));
      const operator = expect([...OPERATORS], "expected an operator such as '=', '!=', '=~' or '!~'").kind as ParsedMatcher['operator'];
      const value = unquote(expect(['unquoted', 'quoted'], 'expected label value'));
      matchers.push({ name, operator, value });
      next = peekFor('expected a comma or close brace');
      if (next.kind === 'eof') break;
      if (next.kind === 'close') break;
      if (next.kind !== 'comma') throw new Utf8ParseError(`${unexpected(next)}: expected a comma or close brace`);
      lexer.scan();
      next = peekFor('expected a matcher or close brace after comma');
      if (next.kind === 'eof' || next.kind === 'close') break;
      if (next.kind !== 'quoted' && next.kind !== 'unquoted')
        throw new Utf8ParseError(`${unexpected(next)}: expected a matcher or close brace after comma`);
    }
  }
  // The close brace: required after an open one, refused without.
  if (first.kind !== 'eof') {
    const closing = lexer.peek();
    if (hasOpenBrace) {
      if (closing.kind !== 'close') {
        const cause = closing.kind === 'eof' ? 'end of input' : unexpected(closing);
        throw new Utf8ParseError(`0:${lexer.columnEnd}: ${cause}: expected close brace`);
      }
      lexer.scan();
    } else if (closing.kind === 'close') {
      lexer.scan();
      throw new Utf8ParseError(`0:${lexer.columnEnd}: }: expected opening brace`);
    }
  }
  let last: Token;
  try {
    last = lexer.scan();
  } catch (error) {
    if (error instanceof Utf8ParseError) throw new Utf8ParseError(`${error.message}: expected end of input`);
    throw error;
  }
  if (last.kind !== 'eof') throw new Utf8ParseError(`${last.columnStart}:${last.columnEnd}: ${last.value}: expected end of input`);
  return matchers;
}
