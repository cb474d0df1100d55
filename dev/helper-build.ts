import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { helperPaths, hostPlatform, platformId } from '../shared/helper/platforms.ts';
import { startManagedProcess, type ManagedProcess } from './managed-process.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm start`: brings the tocsin CLI executable for this machine up to date in a child process
 * (built when missing or made from other sources; a check of about two seconds otherwise), so
 * GET /helper/download serves it; the API does not wait (it answers 503 HELPER_NOT_AVAILABLE until
 * a first build is there). Undefined on a machine that is not a helper platform.
 */
export function buildHelperInBackground(distDir: string, env: NodeJS.ProcessEnv, say: (line: string) => void): ManagedProcess | undefined {
  const platform = hostPlatform();
  if (!platform) return undefined;
  const dist = resolve(distDir);
  if (!existsSync(helperPaths(dist, platform).checksum))
    say(`building the tocsin CLI for ${platformId(platform)} in the background into ${dist}`);
  const child = startManagedProcess(
    'helper-build',
    process.execPath,
    [join(repoRoot, 'clients', 'cli', 'build', 'build.cli.ts'), '--platform', 'host', '--if-outdated'],
    {
      env: { ...env, HELPER_DIST_DIR: dist },
      onOutput: (line) => say(line.replace(/^\[helper\] /, '')),
    },
  );
  child.child.once('exit', (code) => {
    // Stopped with the service (Ctrl-C during a first start) is not a failure: the next start resumes it.
    if (code !== 0 && !child.stopRequested()) say(`tocsin CLI build failed (exit ${code}); run npm run helper:build to see why`);
  });
  return child;
}
