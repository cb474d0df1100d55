import { randomUUID } from 'node:crypto';
import { sqlArray } from '../../../shared/db/sql-array.ts';
import { openStoreDatabase, type StoreDatabase } from '../../helpers/store-database.ts';

// The array literal as PostgreSQL parses it: every element comes back as written, whatever it holds.
describe('sqlArray (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  beforeAll(async () => {
    db = await openStoreDatabase();
  });
  afterAll(() => db?.stop());

  it.each([
    ['plain keys', ['disk-full', 'cpu-high']],
    ['quotes and backslashes', ['say "hi"', 'C:\\path\\', '\\"', '"']],
    ['separators and braces', ['a,b', '{x}', 'a b', ' padded ', '']],
    ['words PostgreSQL reads specially unquoted', ['NULL', 'null', 'NaN']],
    ['unicode', ['ünïcödé', '警报', '🚨']],
    ['none', []],
  ])('keeps %s as written', async (_label, values) => {
    const rows = await db.sql<{ value: string }>('select value from unnest(?::text[]) with ordinality as t(value, n) order by n', [
      sqlArray(values),
    ]);
    expect(rows.map((row) => row.value)).toEqual(values);
  });

  it('casts to uuid[] for a lookup by id', async () => {
    const ids = [randomUUID(), randomUUID()];
    const rows = await db.sql<{ id: string }>('select id::text from unnest(?::uuid[]) as id', [sqlArray(ids)]);
    expect(rows.map((row) => row.id)).toEqual(ids);
  });
});
