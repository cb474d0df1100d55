import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addToMigrationIndex, nextMigrationTime, scaffoldMigration } from './migration-scaffold.ts';

// `npm run migration:create -- <name> [--dir <migrations dir>]`: writes an empty migration named
// with the current UTC time (or just after the latest listed one) and lists it last in the index. Write its SQL by hand (no schema diffing:
// every migration is reviewed SQL).
const args = process.argv.slice(2);
const dirFlag = args.indexOf('--dir');
const dir = dirFlag >= 0 ? args[dirFlag + 1] : fileURLToPath(new URL('../shared/db/migrations/', import.meta.url));
const name = args.filter((_, i) => dirFlag < 0 || (i !== dirFlag && i !== dirFlag + 1)).join(' ');
if (!name || !dir) {
  process.stderr.write('usage: npm run migration:create -- <name> [--dir <migrations dir>]\n');
  process.exit(2);
}
try {
  const indexPath = join(dir, 'index.ts');
  const current = readFileSync(indexPath, 'utf8');
  const scaffold = scaffoldMigration(name, nextMigrationTime(current, new Date()));
  const index = addToMigrationIndex(current, scaffold);
  writeFileSync(join(dir, scaffold.fileName), scaffold.source, { flag: 'wx' });
  writeFileSync(indexPath, index);
  process.stdout.write(`${join(dir, scaffold.fileName)}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
