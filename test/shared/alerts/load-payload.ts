import { readFileSync } from 'node:fs';
import type { Platform } from '../../../shared/domain/alert.ts';

/** A fixture body from test/fixtures/payloads/<platform>/<name>.json. */
export function loadPayload(platform: Platform, name: string): unknown {
  const url = new URL(`../../fixtures/payloads/${platform}/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8'));
}
