/**
 * BERT's uncased tokenizer (basic split + WordPiece), the one every local model (all-MiniLM-L6-v2,
 * bge-small-en-v1.5, e5-small-v2) was trained with: lower case, accents stripped, punctuation split
 * off, then greedy longest-match sub-words.
 */
export interface WordPieceTokenizer {
  /** Token ids with [CLS] … [SEP], at most `maxLength` long. */
  encode(text: string, maxLength: number): number[];
  padId: number;
}

const isPunctuation = (code: number, char: string): boolean =>
  (code >= 33 && code <= 47) ||
  (code >= 58 && code <= 64) ||
  (code >= 91 && code <= 96) ||
  (code >= 123 && code <= 126) ||
  /\p{P}/u.test(char);

const isCjk = (code: number): boolean =>
  (code >= 0x4e00 && code <= 0x9fff) ||
  (code >= 0x3400 && code <= 0x4dbf) ||
  (code >= 0x20000 && code <= 0x2a6df) ||
  (code >= 0xf900 && code <= 0xfaff) ||
  (code >= 0x2f800 && code <= 0x2fa1f);

/**
 * Words one at a time, so encoding stops reading a long text once the model's window is full.
 * The text is cleaned in slices for the same reason, cut only before whitespace, where lower-casing
 * and normalization have no context to lose.
 */
function* basicTokens(text: string): Generator<string> {
  let current = '';
  for (const slice of slices(text, 4_096)) {
    const cleaned = slice
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{Mn}/gu, '');
    for (const char of cleaned) {
      const code = char.codePointAt(0) as number;
      if (code === 0 || code === 0xfffd || (/\p{Cc}/u.test(char) && !/\s/.test(char))) continue;
      if (/\s/u.test(char)) {
        if (current) yield current;
        current = '';
      } else if (isPunctuation(code, char) || isCjk(code)) {
        if (current) yield current;
        current = '';
        yield char;
      } else current += char;
    }
  }
  if (current) yield current;
}

const isAsciiSpace = (code: number): boolean => code === 0x20 || (code >= 0x09 && code <= 0x0d);

/** Consecutive pieces of at least `size` characters (but the last), each cut just before whitespace. */
function* slices(text: string, size: number): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    while (end < text.length && !isAsciiSpace(text.charCodeAt(end))) end += 1;
    yield text.slice(start, end);
    start = end;
  }
}

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
  const [cls, sep, unk, pad] = [id('[CLS]'), id('[SEP]'), id('[UNK]'), id('[PAD]')];

  const wordPieces = (word: string): number[] => {
    if (word.length > 100) return [unk];
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
    padId: pad,
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
