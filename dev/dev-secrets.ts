import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Development only: a secret generated once into the data directory (mode 0600) and reused, so
 * sessions survive restarts without a default secret in the code. Production must set its own.
 */
export function ensureDevSecret(dataDir: string, name: string): string {
  const file = join(dataDir, `${name}.secret`);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
