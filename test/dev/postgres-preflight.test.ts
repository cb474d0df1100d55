import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { unreachableDirectoryForOthers } from '../../dev/postgres.ts';

describe('unreachableDirectoryForOthers', () => {
  const root = mkdtempSync(join(tmpdir(), 'pg-preflight-'));
  const nested = join(root, 'clone', 'node_modules', 'pkg');
  mkdirSync(nested, { recursive: true });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each([
    ['a private clone parent (mktemp -d, 0700)', 0o700, root],
    ['a parent others can traverse (0755)', 0o755, null],
    ['a parent others can traverse but not list (0711)', 0o711, null],
  ])('%s', (_label, mode, expected) => {
    chmodSync(root, mode);
    expect(unreachableDirectoryForOthers(nested)).toBe(expected);
  });
});
