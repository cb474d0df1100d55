import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Downloaded and built tools live outside the clone, keyed by version, so a fresh clone (CI)
 * reuses them. TOCSIN_TOOL_CACHE overrides the location.
 */
export function toolCacheDir(env: Record<string, string | undefined> = process.env): string {
  if (env.TOCSIN_TOOL_CACHE) return env.TOCSIN_TOOL_CACHE;
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'tocsin');
}
