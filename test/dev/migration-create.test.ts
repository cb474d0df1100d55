import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  addToMigrationIndex,
  migrationSlug,
  migrationTimestamp,
  nextMigrationTime,
  scaffoldMigration,
} from '../../dev/migration-scaffold.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

describe('migration scaffold', () => {
  it.each([
    ['Add alert labels', 'add-alert-labels'],
    ['  incidents: SLA!  ', 'incidents-sla'],
    ['v2_outbox', 'v2-outbox'],
    ['???', ''],
  ])('slug of %p is %p', (name, slug) => {
    expect(migrationSlug(name)).toBe(slug);
  });

  it('stamps with the UTC time to the second', () => {
    expect(migrationTimestamp(new Date('2026-11-24T05:00:07.999Z'))).toBe('20261124050007');
  });

  it('names the file, the class and the recorded name alike', () => {
    const scaffold = scaffoldMigration('add alert labels', new Date('2026-11-24T05:00:00Z'));
    expect(scaffold).toMatchObject({
      name: '20261124050000-add-alert-labels',
      fileName: '20261124050000-add-alert-labels.migration.ts',
      className: 'Migration20261124050000AddAlertLabels',
    });
    expect(scaffold.source).toContain("override name = '20261124050000-add-alert-labels';");
  });

  it.each([
    ['now, when every listed migration is older', '20261124050000', '2026-11-24T06:00:00.000Z', '2026-11-24T06:00:00.000Z'],
    [
      'one second after a listed migration stamped later than now',
      '20261124235959',
      '2026-11-24T06:00:00.000Z',
      '2026-11-25T00:00:00.000Z',
    ],
    ['now, when it is that very second plus one', '20261124055959', '2026-11-24T06:00:00.000Z', '2026-11-24T06:00:00.000Z'],
  ])('stamps %s', (_case, latest, now, expected) => {
    const index = `export const MIGRATIONS = [{ name: '20261122000000-foundation', class: A },\n  { name: '${latest}-later', class: B }];\n`;
    expect(nextMigrationTime(index, new Date(now)).toISOString()).toBe(expected);
  });

  it('refuses a name without letters or digits', () => {
    expect(() => scaffoldMigration('--', new Date())).toThrow(/no letters or digits/);
  });

  it('refuses an index it cannot extend, and a migration listed twice', () => {
    const scaffold = scaffoldMigration('x', new Date('2026-11-24T05:00:00Z'));
    expect(() => addToMigrationIndex('export const MIGRATIONS = [];\n', scaffold)).toThrow(/expected shape/);
    const once = addToMigrationIndex("import { A } from './a.ts';\nexport const MIGRATIONS = [{ name: 'a', class: A }];\n", scaffold);
    expect(() => addToMigrationIndex(once, scaffold)).toThrow(/already listed/);
  });
});

describe('npm run migration:create', () => {
  let dir: string;
  // Inside the repository, so the copied index resolves @mikro-orm from node_modules when imported.
  beforeEach(() => {
    dir = mkdtempSync(join(root, '.migration-create-test-'));
    cpSync(join(root, 'shared/db/migrations'), dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a migration the index lists last, and the index still loads', async () => {
    const before = readdirSync(dir).length;
    const { stdout } = await run(process.execPath, [join(root, 'dev/migration-create.cli.ts'), 'add', 'alert', 'labels', '--dir', dir]);
    const file = stdout.trim();
    expect(file).toMatch(/\d{14}-add-alert-labels\.migration\.ts$/);
    expect(readdirSync(dir)).toHaveLength(before + 1);
    expect(readFileSync(file, 'utf8')).toContain('extends Migration');
    const { stdout: names } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      `const { MIGRATIONS } = await import(${JSON.stringify(join(dir, 'index.ts'))}); console.log(JSON.stringify(MIGRATIONS.map((m) => [m.name, typeof m.class])));`,
    ]);
    const listed = JSON.parse(names) as Array<[string, string]>;
    expect(listed.at(-1)).toEqual([expect.stringMatching(/^\d{14}-add-alert-labels$/), 'function']);
    // Named to sort after every migration listed before it, the order the index applies them in.
    const stamps = listed.map(([name]) => name.slice(0, 14));
    expect(stamps.at(-1)! > stamps.slice(0, -1).sort().at(-1)!).toBe(true);
  });
});
