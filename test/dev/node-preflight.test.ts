import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { versionProblem, REQUIRED } = require('../../dev/node-preflight.cjs') as {
  versionProblem(version: string): string | null;
  REQUIRED: number[];
};
const preflightPath = fileURLToPath(new URL('../../dev/node-preflight.cjs', import.meta.url));

describe('Node version preflight', () => {
  it.each([
    ['22.18.0', false],
    ['22.23.3', false],
    ['v24.1.0', false],
    ['22.17.1', true],
    ['20.20.2', true],
    ['18.0.0', true],
    ['garbage', true],
  ])('%s is refused: %p', (version, refused) => {
    const problem = versionProblem(version);
    expect(problem !== null).toBe(refused);
    if (problem) {
      expect(problem).not.toContain('\n');
      expect(problem).toMatch(/Node\.js 22\.18 or newer.*nvm install/);
    }
  });

  it('asks for the version package.json engines declares', () => {
    const { engines } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
    expect(engines.node).toBe(`>=${REQUIRED.join('.')}.0`);
  });

  it('passes quietly on this Node', async () => {
    await expect(promisify(execFile)(process.execPath, [preflightPath])).resolves.toMatchObject({ stderr: '' });
  });
});
