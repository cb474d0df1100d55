import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, parseConfig, toolCacheDirOf, type Config } from './config.ts';

/** The configuration a process runs on: secrets always present (configured, or development ones). */
export type LoadedConfig = Config & { readonly JWT_SECRET: string; readonly ENCRYPTION_KEY: string };

/**
 * Reads the process environment once at start; on a bad one prints every problem and exits.
 * Outside production, a secret left unset is the development one kept in DATA_DIR, so the API,
 * the worker and `npm start` agree on it (production refuses to start without its own).
 */
export function loadConfig(): LoadedConfig {
  try {
    const config = parseConfig(process.env);
    return Object.freeze({
      ...config,
      JWT_SECRET: config.JWT_SECRET ?? ensureDevSecret(config.DATA_DIR, 'jwt'),
      ENCRYPTION_KEY: config.ENCRYPTION_KEY ?? ensureDevSecret(config.DATA_DIR, 'encryption'),
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** The tool cache of this process's environment, for tools that need no other configuration (installers, tests, benchmarks). */
export const toolCacheDir = (): string => toolCacheDirOf(process.env);

/**
 * Development only: a secret generated once into the data directory (mode 0600) and reused, so
 * sessions survive restarts without a default secret in the code. Published with an atomic link:
 * when the API and the worker start together, the second one reads the first one's secret instead
 * of overwriting it (a different encryption key would make the other's ciphertexts unreadable).
 */
export function ensureDevSecret(dataDir: string, name: string): string {
  const file = join(dataDir, `${name}.secret`);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${secret}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const raced = readSecret(file);
    if (raced) return raced;
    // An unusable file (empty, too short): replace it.
    renameSync(temporary, file);
    return secret;
  } finally {
    rmSync(temporary, { force: true });
  }
}

function readSecret(file: string): string | undefined {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    return existing.length >= 32 ? existing : undefined;
  } catch {
    return undefined;
  }
}
