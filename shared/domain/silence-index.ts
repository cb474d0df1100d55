// Kept free of Node built-ins and I/O.
import type { CompiledMatcher } from './matchers.ts';

const REGEX_META = new Set(['\\', '.', '^', '$', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}']);
const QUANTIFIERS = new Set(['?', '*', '+', '{']);

/**
 * The literal text every whole-value match of an RE2 regex starts with ('' when unsure). Read
 * conservatively: any `|` gives none, and the scan stops at the first metacharacter, dropping the
 * character before a quantifier (`ab?` only promises `a`).
 */
export function literalPrefix(regex: string): string {
  if (regex.includes('|')) return '';
  const prefix: string[] = [];
  for (const char of regex) {
    if (REGEX_META.has(char)) {
      if (QUANTIFIERS.has(char)) prefix.pop();
      break;
    }
    prefix.push(char);
  }
  return prefix.join('');
}

interface TrieNode {
  children: Map<string, TrieNode>;
  positions: number[];
}

/**
 * Candidate silences for an alert, so that matching one alert against thousands of silences
 * evaluates only those that can match. Each silence is filed under one guard, a matcher any match
 * must satisfy: a non-empty `name="value"` (looked up exactly), else a `name=~"re"` whose regex
 * has a literal prefix (looked up in a prefix tree of the label's value); silences without either
 * are always candidates. Positions are the silences' order, which decides which one mutes.
 */
export interface SilenceIndex {
  /** Positions of the silences that may match `subject`, ascending. */
  candidates(subject: Readonly<Record<string, string>>): number[];
}

export function buildSilenceIndex(silences: ReadonlyArray<readonly CompiledMatcher[]>): SilenceIndex {
  const exact = new Map<string, Map<string, number[]>>();
  const prefixes = new Map<string, TrieNode>();
  const always: number[] = [];
  silences.forEach((matchers, position) => {
    const equality = matchers.find((matcher) => matcher.operator === '=' && matcher.value !== '');
    if (equality) {
      const byValue = exact.get(equality.name) ?? new Map<string, number[]>();
      exact.set(equality.name, byValue);
      const positions = byValue.get(equality.value) ?? [];
      byValue.set(equality.value, positions);
      positions.push(position);
      return;
    }
    for (const matcher of matchers) {
      const prefix = matcher.operator === '=~' ? literalPrefix(matcher.value) : '';
      if (prefix === '') continue;
      let node: TrieNode = prefixes.get(matcher.name) ?? { children: new Map(), positions: [] };
      prefixes.set(matcher.name, node);
      for (const unit of prefix.split('')) {
        const child: TrieNode = node.children.get(unit) ?? { children: new Map(), positions: [] };
        node.children.set(unit, child);
        node = child;
      }
      node.positions.push(position);
      return;
    }
    always.push(position);
  });
  return {
    candidates(subject) {
      const found: number[] = [...always];
      for (const [name, byValue] of exact) {
        const value = Object.hasOwn(subject, name) ? subject[name] : undefined;
        const hits = value === undefined ? undefined : byValue.get(value);
        if (hits) found.push(...hits);
      }
      for (const [name, root] of prefixes) {
        const value = Object.hasOwn(subject, name) ? (subject[name] as string) : '';
        let node: TrieNode | undefined = root;
        for (let index = 0; index < value.length && node; index += 1) {
          node = node.children.get(value[index] as string);
          if (node) found.push(...node.positions);
        }
      }
      // Only when the index added something is the order to restore.
      return found.length > always.length ? found.sort((a, b) => a - b) : found;
    },
  };
}
