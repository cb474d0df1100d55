/**
 * Pure parts of `npm run migration:create <name>`: the file name, the class and the line added to
 * the migrations index (migrations are listed explicitly there, see migrations/index.ts).
 */

/** `2026-11-24T05:00:00.123Z` → `20261124050000` (UTC, to the second), the prefix every migration sorts by. */
export function migrationTimestamp(now: Date): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 14);
}

/** `Add alert labels!` → `add-alert-labels`; empty when nothing usable is left. */
export function migrationSlug(name: string): string {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-');
}

/**
 * When to stamp a new migration: now, or one second after the latest migration the index lists
 * when that one is stamped later (a clock behind, or a migration written with a chosen time), so
 * names keep sorting in the order the index applies them.
 */
export function nextMigrationTime(index: string, now: Date): Date {
  const stamps = [...index.matchAll(/name: '(\d{14})-/g)].map((match) => match[1] as string);
  const latest = stamps.sort().at(-1);
  if (!latest) return now;
  const [, y, mo, d, h, mi, se] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(latest) as RegExpExecArray;
  const next = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se) + 1));
  return next > now ? next : now;
}

export interface MigrationScaffold {
  /** `20261124050000-add-alert-labels`: the migration's recorded name and its file name's stem. */
  name: string;
  fileName: string;
  className: string;
  source: string;
}

export function scaffoldMigration(name: string, now: Date): MigrationScaffold {
  const slug = migrationSlug(name);
  if (!slug) throw new Error(`"${name}" has no letters or digits to name a migration with`);
  const stamp = migrationTimestamp(now);
  const fullName = `${stamp}-${slug}`;
  const className = `Migration${stamp}${slug
    .split('-')
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('')}`;
  const source = `import { Migration } from '@mikro-orm/migrations';

/** TODO: why this change (what it enables, what it costs on a large table). */
export class ${className} extends Migration {
  override name = '${fullName}';

  override up(): void {
    this.addSql(\`\`);
  }
}
`;
  return { name: fullName, fileName: `${fullName}.migration.ts`, className, source };
}

/**
 * The index with the new migration imported after the last import and appended to MIGRATIONS,
 * so it applies after every committed one. Throws when the index does not have the expected shape
 * rather than writing a file that silently never runs.
 */
export function addToMigrationIndex(index: string, scaffold: MigrationScaffold): string {
  if (index.includes(`'${scaffold.name}'`)) throw new Error(`${scaffold.name} is already listed`);
  const imports = [...index.matchAll(/^import .*;\n/gm)];
  const lastImport = imports.at(-1);
  const listEnd = index.lastIndexOf('}];');
  if (!lastImport || lastImport.index === undefined || listEnd < 0)
    throw new Error('the migrations index does not have the expected shape (imports, then MIGRATIONS = [...])');
  const importLine = `import { ${scaffold.className} } from './${scaffold.name}.migration.ts';\n`;
  const afterImports = lastImport.index + lastImport[0].length;
  const withEntry = `${index.slice(0, listEnd)}},\n  { name: '${scaffold.name}', class: ${scaffold.className} }];${index.slice(listEnd + 3)}`;
  return withEntry.slice(0, afterImports) + importLine + withEntry.slice(afterImports);
}
