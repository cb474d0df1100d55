import { RE2JS } from 're2js';
import { regexWidth, type RegexProgram } from '../../../shared/domain/regex-width.ts';

/** The program a matcher compiles (Alertmanager's anchoring), as regexWidth reads it. */
const program = (regex: string) => (RE2JS.compile(`^(?:${regex})$`).re2Input as unknown as { prog: RegexProgram }).prog;

describe('regexWidth', () => {
  it.each<[string, number, number]>([
    // [regex, at least, at most]: the width is the most instructions alive at one character.
    ['', 1, 4],
    ['critical|high', 2, 6],
    ['(a+)+$', 4, 10],
    ['.*foo.*', 4, 12],
    // Long but one thread per branch: the DFA never explodes and neither does the NFA.
    ['x{1000}|y{1000}|z{1000}', 3, 8],
    ['[a-z]{1,1000}', 2, 6],
    ['.{0,1000}', 2, 8],
    // After a loop, every position of the counted repetition may be alive at once.
    ['.*a.{10}', 11, 20],
    ['.*a.{100}', 101, 110],
    ['.*a.{1000}.{1000}.{1000}.{900}', 3901, 3910],
    ['(.*a){200}', 200, 1010],
    ['(?:x?){1000}', 1000, 2010],
  ])('%s', (regex, least, most) => {
    const width = regexWidth(program(regex));
    expect(width).toBeGreaterThanOrEqual(least);
    expect(width).toBeLessThanOrEqual(most);
  });

  it('never exceeds the program size', () => {
    for (const regex of ['a', '.*a.{50}', '(a|b)*c', 'host-1|host-2|host-3', '(?i)[a-z0-9._%+-]+@[a-z0-9.-]+']) {
      const compiled = program(regex);
      expect(regexWidth(compiled)).toBeLessThanOrEqual(compiled.numInst());
    }
  });

  it('falls back to the program size for an instruction it does not know', () => {
    const unknown: RegexProgram = { start: 0, numInst: () => 3, getInst: (pc) => ({ op: pc === 1 ? 99 : 7, out: pc + 1, arg: 0 }) };
    expect(regexWidth(unknown)).toBe(3);
  });

  it('counts a long chain of epsilon and character steps without recursion', () => {
    // 20,000 character instructions in a row: one alive at a time.
    const size = 20_001;
    const chain: RegexProgram = {
      start: 0,
      numInst: () => size,
      getInst: (pc) => (pc === size - 1 ? { op: 6, out: 0, arg: 0 } : { op: 9, out: pc + 1, arg: 0 }),
    };
    expect(regexWidth(chain)).toBe(1);
  });
});
