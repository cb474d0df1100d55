// Kept free of Node built-ins and I/O: Temporal workflows may import this file into their sandbox.

/** What this analysis reads of an RE2 program (RE2JS's `Prog`): instructions linked by `out`/`arg`. */
export interface RegexProgram {
  start: number;
  numInst(): number;
  getInst(pc: number): { op: number; out: number; arg: number };
}

// RE2's instruction codes (re2js `Inst`): two successors, one successor, none; 8..11 consume a character.
const ALT = 1;
const ALT_MATCH = 2;
const CAPTURE = 3;
const EMPTY_WIDTH = 4;
const FAIL = 5;
const MATCH = 6;
const NOP = 7;
const RUNE_FIRST = 8;
const RUNE_LAST = 11;

const consumes = (op: number) => op >= RUNE_FIRST && op <= RUNE_LAST;

/** The instructions `pc` leads to, or null for an instruction this analysis does not know. */
function successors(op: number, inst: { out: number; arg: number }): number[] | null {
  if (op === ALT || op === ALT_MATCH) return [inst.out, inst.arg];
  if (op === CAPTURE || op === EMPTY_WIDTH || op === NOP || consumes(op)) return [inst.out];
  if (op === FAIL || op === MATCH) return [];
  return null;
}

/**
 * The most instructions an RE2 program can have alive at once while it reads a text: the cost of
 * one character on RE2's slow path (the NFA, and the DFA when its states do not repeat), which
 * walks every live thread. A thread sits at `pc` after `i` characters only if some path from the
 * start to `pc` reads exactly `i` characters, so the width is the most instructions whose range
 * [shortest path, longest path] holds one `i`; past a loop the longest path is unbounded.
 * `x{1000}|y{1000}` is 3 wide (each branch has one live thread), `.*a.{1000}` over 1,000 (after
 * `.*`, any of the 1,000 positions may be live). Returns the program size for an instruction it
 * does not know (the width never exceeds it).
 */
export function regexWidth(program: RegexProgram): number {
  const size = program.numInst();
  const next: number[][] = [];
  const weight: number[] = [];
  for (let pc = 0; pc < size; pc += 1) {
    const inst = program.getInst(pc);
    const out = successors(inst.op, inst);
    if (out === null || out.some((target) => !Number.isInteger(target) || target < 0 || target >= size)) return size;
    next.push(out);
    weight.push(consumes(inst.op) ? 1 : 0);
  }
  const shortest = shortestPaths(program.start, next, weight);
  const longest = longestPaths(program.start, next, weight);
  // Sweep the ranges: +1 where one opens, -1 just past where it closes (never, past a loop).
  const events: Array<[number, number]> = [];
  for (let pc = 0; pc < size; pc += 1) {
    const from = shortest[pc] as number;
    if (from === Infinity) continue;
    events.push([from, 1]);
    const until = longest[pc] as number;
    if (until !== Infinity) events.push([until + 1, -1]);
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let live = 0;
  let widest = 0;
  for (const [, change] of events) {
    live += change;
    widest = Math.max(widest, live);
  }
  return widest;
}

/**
 * Fewest characters read on any path from `start` to each instruction: a 0-1 breadth-first search
 * (zero-width steps go to the front of the queue); a distance that improves is relaxed again.
 */
function shortestPaths(start: number, next: readonly number[][], weight: readonly number[]): number[] {
  const distance = new Array<number>(next.length).fill(Infinity);
  distance[start] = 0;
  const queue: number[] = [start];
  let head = 0;
  while (head < queue.length) {
    const pc = queue[head] as number;
    head += 1;
    const step = weight[pc] as number;
    for (const target of next[pc] as number[]) {
      const candidate = (distance[pc] as number) + step;
      if (candidate >= (distance[target] as number)) continue;
      distance[target] = candidate;
      if (step === 0 && head > 0) {
        head -= 1;
        queue[head] = target;
      } else queue.push(target);
    }
  }
  return distance;
}

/**
 * Most characters read on any path from `start` to each instruction: unbounded for instructions in
 * or after a cycle, else the longest path over the acyclic rest (strongly connected components,
 * Tarjan's order, iteratively so a long program cannot overflow the stack).
 */
function longestPaths(start: number, next: readonly number[][], weight: readonly number[]): number[] {
  const size = next.length;
  const index = new Array<number>(size).fill(-1);
  const low = new Array<number>(size).fill(0);
  const onStack = new Array<boolean>(size).fill(false);
  const component = new Array<number>(size).fill(-1);
  const components: number[][] = [];
  const stack: number[] = [];
  let counter = 0;
  const frames: Array<{ pc: number; edge: number }> = [{ pc: start, edge: 0 }];
  index[start] = low[start] = counter++;
  stack.push(start);
  onStack[start] = true;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as { pc: number; edge: number };
    const out = next[frame.pc] as number[];
    if (frame.edge < out.length) {
      const target = out[frame.edge] as number;
      frame.edge += 1;
      if (index[target] === -1) {
        index[target] = low[target] = counter++;
        stack.push(target);
        onStack[target] = true;
        frames.push({ pc: target, edge: 0 });
      } else if (onStack[target]) low[frame.pc] = Math.min(low[frame.pc] as number, index[target] as number);
      continue;
    }
    frames.pop();
    const parent = frames[frames.length - 1];
    if (parent) low[parent.pc] = Math.min(low[parent.pc] as number, low[frame.pc] as number);
    if (low[frame.pc] === index[frame.pc]) {
      const members: number[] = [];
      let member: number;
      do {
        member = stack.pop() as number;
        onStack[member] = false;
        component[member] = components.length;
        members.push(member);
      } while (member !== frame.pc);
      components.push(members);
    }
  }
  // Tarjan's algorithm closes components successors first: walk them in reverse for a topological order.
  const longest = new Array<number>(size).fill(-Infinity);
  longest[start] = 0;
  for (let position = components.length - 1; position >= 0; position -= 1) {
    const members = components[position] as number[];
    const cyclic = members.length > 1 || (next[members[0] as number] as number[]).includes(members[0] as number);
    if (cyclic) for (const member of members) longest[member] = Infinity;
    for (const member of members) {
      for (const target of next[member] as number[]) {
        if (component[target] === position) continue;
        longest[target] = Math.max(longest[target] as number, (longest[member] as number) + (weight[member] as number));
      }
    }
  }
  return longest;
}
