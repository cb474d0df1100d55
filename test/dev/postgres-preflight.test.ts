import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { dataDirectoryVersionProblem, startEmbeddedPostgres, unreachableDirectoryForOthers } from '../../dev/postgres.ts';

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

describe('a data directory of another PostgreSQL major version', () => {
  const root = mkdtempSync(join(tmpdir(), 'pg-version-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const dataDir = (name: string, version: string | null) => {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    if (version !== null) writeFileSync(join(dir, 'PG_VERSION'), `${version}\n`);
    return dir;
  };

  it.each([
    ['a new directory (no PG_VERSION)', null, false],
    ['the same major version', '18', false],
    ['PostgreSQL 17', '17', true],
    ['a newer major version', '19', true],
  ])('%s', (label, version, refused) => {
    const dir = dataDir(label.replace(/\W+/g, '-'), version);
    const problem = dataDirectoryVersionProblem(dir, 18);
    if (!refused) return expect(problem).toBeNull();
    expect(problem).toContain(`PostgreSQL ${version} database`);
    expect(problem).toContain('pg_dump');
    expect(problem).toContain(`mv ${dir} ${dir}.pg${version}`);
  });

  it('refuses to start embedded PostgreSQL on a PostgreSQL 17 directory, before starting anything', async () => {
    const dir = dataDir('pg17-cluster', '17');
    await expect(startEmbeddedPostgres({ dataDir: dir })).rejects.toThrow(
      /holds a PostgreSQL 17 database, and this release runs PostgreSQL 18/,
    );
  });
});
