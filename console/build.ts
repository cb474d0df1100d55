import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const consoleDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = join(consoleDir, '..');
export const CONSOLE_DIST_DIR = join(consoleDir, 'dist');
// Written last: a build that stopped halfway has no stamp and is redone.
const STAMP = join(CONSOLE_DIST_DIR, '.sources.sha256');

/** Everything the bundle is made from: the console's sources, the generated client, the locked dependencies. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(join(consoleDir, 'src'));
  walk(join(repoRoot, 'clients', 'typescript'));
  files.push(join(consoleDir, 'index.html'), join(consoleDir, 'vite.config.ts'), join(repoRoot, 'package-lock.json'));
  return files;
}

/** A digest of the sources' paths and contents: unlike mtimes, it survives checkouts and copies. */
export function consoleSourceDigest(): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles()) {
    if (!existsSync(file)) continue;
    hash.update(relative(repoRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function consoleBuildIsCurrent(): boolean {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === consoleSourceDigest();
}

/** Runs Vite in this process; the CLI (build.cli.ts) does, in a process of its own. */
export async function buildConsole(say: (message: string) => void): Promise<void> {
  const digest = consoleSourceDigest();
  say(`building the console into ${relative(process.cwd(), CONSOLE_DIST_DIR) || CONSOLE_DIST_DIR}`);
  const started = Date.now();
  const { build } = await import('vite');
  await build({ configFile: join(consoleDir, 'vite.config.ts'), logLevel: 'warn' });
  writeFileSync(STAMP, `${digest}\n`);
  say(`console built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Builds the console into console/dist when it is missing or was made from other sources (a
 * digest of under a second; a build of a few seconds). Vite runs in a child process: its native
 * bundler does not load inside a test runner's module sandbox, and `npm start` keeps its memory.
 * Vite is a development dependency: images build the console when they are built.
 */
export async function buildConsoleIfStale(say: (message: string) => void = () => {}): Promise<{ built: boolean }> {
  if (consoleBuildIsCurrent()) return { built: false };
  const child = spawn(process.execPath, [join(consoleDir, 'build.cli.ts')], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      say(line.replace(/^\[console\] /, ''));
    });
  }
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`console build failed (exit ${code}):\n${output.slice(-30).join('\n')}`);
  return { built: true };
}
