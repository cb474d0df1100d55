import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { helperPaths, hostPlatform, platformId } from '../helper/platforms.ts';
import { startManagedProcess, type ManagedProcess } from './managed-process.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * `npm start`: builds the tocsin CLI executable for this machine in a child process when
 * `distDir` has none, so GET /helper/download serves it a minute or so later; the API does not
 * wait (it answers 503 HELPER_NOT_AVAILABLE meanwhile). Undefined when there is nothing to do.
 */
export function buildHelperInBackground(distDir: string, env: NodeJS.ProcessEnv, say: (line: string) => void): ManagedProcess | undefined {
  const platform = hostPlatform();
  const dist = resolve(distDir);
  if (!platform || existsSync(helperPaths(dist, platform).checksum)) return undefined;
  say(`building the tocsin CLI for ${platformId(platform)} in the background into ${dist}`);
  const child = startManagedProcess('helper-build', process.execPath, [join(repoRoot, 'clients', 'cli', 'build', 'build.cli.ts'), '--platform', 'host', '--if-missing'], {
    env: { ...env, HELPER_DIST_DIR: dist },
    onOutput: say,
  });
  child.child.once('exit', (code) => say(code === 0 ? 'tocsin CLI built: GET /api/v1/helper/download serves it' : `tocsin CLI build failed (exit ${code}); run npm run helper:build to see why`));
  return child;
}
