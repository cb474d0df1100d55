import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * A key for everything `npm run checks` reads: every file git does not ignore (tracked or not),
 * by path and content, the installed packages' record and Node's version. Undefined outside a git
 * work tree, where nothing is remembered.
 */
export function checkedTreeKey(root: string): string | undefined {
  let listing: string;
  try {
    listing = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
  const hash = createHash('sha256').update(`node ${process.version}\0`);
  const paths = [...new Set(listing.split('\0').filter(Boolean))].sort();
  for (const path of [...paths, 'node_modules/.package-lock.json']) {
    hash.update(`${path}\0`);
    try {
      hash.update(readFileSync(join(root, path)));
    } catch {
      hash.update('\0missing\0'); // a tracked file deleted in the work tree
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Where the key of the last tree every check passed on is kept: with the other tools' caches. */
export function checksStampPath(root: string): string {
  return join(root, 'node_modules/.cache/tocsin/checks-passed');
}

export function passedBefore(stampPath: string, key: string | undefined): boolean {
  if (key === undefined) return false;
  try {
    return readFileSync(stampPath, 'utf8').trim() === key;
  } catch {
    return false;
  }
}

export function rememberPassed(stampPath: string, key: string | undefined): void {
  if (key === undefined) return;
  mkdirSync(dirname(stampPath), { recursive: true });
  writeFileSync(stampPath, `${key}\n`);
}
