import { describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSideBySide, type SideBySideResult } from '../../dev/side-by-side.ts';

const node = (script: string) => [process.execPath, '-e', script] as const;

describe('runSideBySide', () => {
  it('runs the commands at once: each waits for a file only the other writes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'side-by-side-'));
    try {
      // Run one after the other, the first would wait for the second forever (and the test time out).
      const waitThenWrite = (mine: string, theirs: string) =>
        node(`
          const fs = require('node:fs');
          fs.writeFileSync(${JSON.stringify(join(dir, mine))}, '');
          const wait = () => fs.existsSync(${JSON.stringify(join(dir, theirs))}) ? console.log('${mine} saw ${theirs}') : setTimeout(wait, 20);
          wait();
        `);
      const results = await runSideBySide([
        { name: 'a', argv: waitThenWrite('a', 'b') },
        { name: 'b', argv: waitThenWrite('b', 'a') },
      ]);
      expect(results.map(({ name, code, output }) => ({ name, code, output }))).toEqual([
        { name: 'a', code: 0, output: 'a saw b\n' },
        { name: 'b', code: 0, output: 'b saw a\n' },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps each exit code and the whole output, stderr included, reported once as each ends', async () => {
    const reported: SideBySideResult[] = [];
    const results = await runSideBySide(
      [
        { name: 'passes', argv: node(`console.log('one'); console.log('two')`) },
        { name: 'fails', argv: node(`console.error('broken'); process.exit(3)`) },
        { name: 'missing', argv: [join(tmpdir(), 'no-such-command-here')] },
      ],
      (result) => reported.push(result),
    );
    expect(results.map(({ name, code }) => ({ name, code }))).toEqual([
      { name: 'passes', code: 0 },
      { name: 'fails', code: 3 },
      { name: 'missing', code: 1 },
    ]);
    expect(results[0]?.output).toBe('one\ntwo\n');
    expect(results[1]?.output).toBe('broken\n');
    expect(results[2]?.output).toMatch(/ENOENT/);
    expect(reported.map((result) => result.name).sort()).toEqual(['fails', 'missing', 'passes']);
  });
});
