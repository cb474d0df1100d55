/**
 * BERT's uncased tokenizer (basic split + WordPiece), the one every local model (all-MiniLM-L6-v2,
 * bge-small-en-v1.5, e5-small-v2) was trained with: lower case, accents stripped, punctuation split
 * off, then greedy longest-match sub-words.
 */
export interface WordPieceTokenizer {
  /** Token ids with [CLS] … [SEP], at most `maxLength` long. */
  encode(text: string, maxLength: number): number[];
}

/** BERT drops longer words to [UNK] whole, so a word's characters past this many are never read. */
const MAX_WORD_CHARS = 100;

// BERT's basic split: whitespace separates; punctuation (ASCII symbols count) and CJK ideographs
// stand alone; NUL, U+FFFD and control characters other than whitespace are dropped.
const ALONE = /[\p{P}[\p{S}&&\p{ASCII}]\u4E00-\u9FFF\u3400-\u4DBF\uF900-\uFAFF\u{20000}-\u{2A6DF}\u{2F800}-\u{2FA1F}]/v.source;
const DROPPED = /[\uFFFD[\p{Cc}--\s]]/v.source;
/** One run of whitespace, one standalone character, one run of word characters, or dropped ones. */
const BASIC_TOKEN = new RegExp(`(\\s+)|(${ALONE})|([\\S--${ALONE}--${DROPPED}]+)|${DROPPED}+`, 'gv');

/**
 * Words one at a time, so encoding stops reading a long text once the model's window is full.
 * The text is cleaned in slices for the same reason (see `slices` for where they are cut).
 */
function* basicTokens(text: string): Generator<string> {
  let current = '';
  for (const slice of slices(text, 4_096)) {
    // Combining marks are stripped from words only while they are read (the rest is dropped unread).
    const cleaned = slice.toLowerCase().normalize('NFD');
    for (const [, space, alone, word] of cleaned.matchAll(BASIC_TOKEN)) {
      if (word !== undefined) {
        // A dropped character joins the word parts either side of it.
        current = withUnmarked(current, word);
        continue;
      }
      if (space === undefined && alone === undefined) continue;
      if (current) yield current;
      current = '';
      if (alone !== undefined) yield alone;
    }
  }
  if (current) yield current;
}

/** `word` appended to `current` without combining marks, only until it is too long to matter. */
function withUnmarked(current: string, word: string): string {
  let result = current;
  UNMARKED.lastIndex = 0;
  for (let match; result.length <= MAX_WORD_CHARS && (match = UNMARKED.exec(word));) result += match[0];
  return result;
}

const UNMARKED = /\P{Mn}+/gu;

/**
 * Consecutive pieces of at least `size` characters (but the last), each cut just before whitespace,
 * where lower-casing and normalization have no context to lose. A run of `size` more characters
 * without it is cut between two plain characters instead (see `PLAIN`).
 */
function* slices(text: string, size: number): Generator<string> {
  let start = 0;
  let space = -1;
  while (start < text.length) {
    const from = start + size;
    if (from >= text.length) {
      yield text.slice(start);
      return;
    }
    if (space < from) space = indexAfter(ASCII_SPACE, text, from);
    const end = space <= from + size ? space : Math.min(space, indexAfter(PLAIN_BOUNDARY, text, from + size));
    yield text.slice(start, end);
    start = end;
  }
}

function indexAfter(pattern: RegExp, text: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.exec(text)?.index ?? text.length;
}

const ASCII_SPACE = /[\t\n\v\f\r ]/g;

/**
 * Letters, digits, symbols and spaces but the case-ignorable ones (modifier letters and symbols):
 * no combining mark crosses a cut between two of them, and a Greek final sigma, whose form depends
 * on the nearest characters that are not case-ignorable, finds the same ones either side of it.
 */
const PLAIN = /[[\p{L}\p{N}\p{S}\p{Zs}]--[\p{Lm}\p{Sk}\u03A3]]/v.source;
const PLAIN_BOUNDARY = new RegExp(`(?<=${PLAIN})(?=${PLAIN})`, 'gv');

/** Token → id from `vocab.txt` (one token a line, the id is the line) or a Hugging Face `tokenizer.json`. */
export function vocabularyOf(fileName: string, text: string): Map<string, number> {
  if (!fileName.endsWith('.json')) {
    const vocab = new Map<string, number>();
    text.split('\n').forEach((line, index) => {
      const token = line.replace(/\r$/, '');
      if (token) vocab.set(token, index);
    });
    return vocab;
  }
  const parsed = JSON.parse(text) as {
    normalizer?: { type?: string; lowercase?: boolean };
    model?: { type?: string; vocab?: Record<string, number>; continuing_subword_prefix?: string };
  };
  // The encoding below is BERT's uncased one; a tokenizer.json describing another would embed garbage quietly.
  if (
    parsed.model?.type !== 'WordPiece' ||
    (parsed.model.continuing_subword_prefix ?? '##') !== '##' ||
    parsed.normalizer?.type !== 'BertNormalizer' ||
    parsed.normalizer.lowercase !== true
  ) {
    throw new Error(`${fileName}: not an uncased BERT WordPiece tokenizer`);
  }
  return new Map(Object.entries(parsed.model.vocab ?? {}));
}

/** `vocab` is a `vocab.txt` text or a vocabulary from `vocabularyOf`. */
export function createWordPieceTokenizer(vocabulary: string | Map<string, number>): WordPieceTokenizer {
  const vocab = typeof vocabulary === 'string' ? vocabularyOf('vocab.txt', vocabulary) : vocabulary;
  const id = (token: string) => {
    const value = vocab.get(token);
    if (value === undefined) throw new Error(`vocabulary has no ${token}`);
    return value;
  };
  const [cls, sep, unk] = [id('[CLS]'), id('[SEP]'), id('[UNK]')];

  const wordPieces = (word: string): number[] => {
    if (word.length > MAX_WORD_CHARS) return [unk];
    const ids: number[] = [];
    let start = 0;
    while (start < word.length) {
      let end = word.length;
      let found: number | undefined;
      while (start < end) {
        const piece = (start > 0 ? '##' : '') + word.slice(start, end);
        found = vocab.get(piece);
        if (found !== undefined) break;
        end -= 1;
      }
      if (found === undefined) return [unk];
      ids.push(found);
      start = end;
    }
    return ids;
  };

  return {
    encode(text, maxLength) {
      const ids: number[] = [cls];
      for (const word of basicTokens(text)) {
        for (const piece of wordPieces(word)) {
          if (ids.length >= maxLength - 1) break;
          ids.push(piece);
        }
        if (ids.length >= maxLength - 1) break;
      }
      ids.push(sep);
      return ids;
    },
  };
}
