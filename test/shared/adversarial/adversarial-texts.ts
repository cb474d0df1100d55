/**
 * Attacker-shaped text, about 1 MiB each (the webhook body limit): the runs and fragments that
 * make a backtracking regex or a naive scan super-linear. Each string ends in a character that
 * rejects most patterns, so a regex that would backtrack has to.
 */
export const ADVERSARIAL_LENGTH = 1 << 20;

const fill = (unit: string, suffix = '!', prefix = ''): string =>
  prefix + unit.repeat(Math.ceil(ADVERSARIAL_LENGTH / unit.length)).slice(0, ADVERSARIAL_LENGTH - prefix.length - suffix.length) + suffix;
const half = ADVERSARIAL_LENGTH / 2;

export const ADVERSARIAL_TEXTS: Readonly<Record<string, string>> = {
  // Fields are trimmed before most processing, so runs of whitespace also come between words.
  spaces: fill(' '),
  'spaces between words': fill(' ', 'x', 'x'),
  'spaces, then a fence fragment': fill(' ', '%%', 'x'),
  '%%% fence, spaces, no closing fence': fill(' ', 'x%%', '%%%x'),
  'spaces between fences': fill(' ', '%%%', '%%%x'),
  'percent signs': fill('%'),
  '%%% fragments': fill('%%% ', 'x'),
  'mixed whitespace between words': fill(' \t\r\n\f\v\u00a0', 'x', 'x'),
  'newlines between words': fill('\n', 'x', 'x'),
  'CRLF between words': fill('\r\n', 'x', 'x'),
  'ideographic spaces between words': fill('\u3000', 'x', 'x'),
  commas: fill(','),
  colons: fill(':'),
  'tag-like pairs': fill('k:v,'),
  'nested square brackets': `${'['.repeat(half)}${']'.repeat(half - 1)}!`,
  'unclosed brackets and parentheses': fill('[({<'),
  'unclosed [pid': fill('[pid '),
  'unclosed [thread with inner brackets': fill('[thread [tid '),
  'long word': fill('a'),
  'long hex-like word': fill('a', 'g'),
  'long digit run': fill('9', 'x'),
  'dotted digits': fill('1.'),
  'colon-separated hex groups': fill('ff:'),
  'timestamp fragments': fill('2026-11-21T10:00:00.'),
  'uuid fragments': fill('0a1c2d3e-1111-'),
  'hex address prefixes': fill('0x'),
  'error words': fill('error '),
  'stack frame fragments': fill('  File "", line '),
  'at frames': fill('    at x\n'),
  'caused by chains': fill('Caused by: '),
  'bearer prefixes': fill('Bearer '),
  'placeholder fragments': fill('{{ '),
  'unclosed placeholders': fill('{{a'),
  'html-like text': fill('<em>&</em><script>'),
  punctuation: fill('!?.,;'),
  'combining marks': fill('e\u0301'),
  'accented letters': fill('é'),
  'han characters': fill('漢'),
  emoji: fill('🔥'),
  'word pieces': fill('connection '),
};
