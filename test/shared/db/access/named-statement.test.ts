import { namedStatement } from '../../../../shared/db/access/named-statement.ts';

describe('namedStatement', () => {
  it.each([
    ['select 1', 'select 1'],
    ['select * from t where a = ?', 'select * from t where a = $1'],
    ['select * from t where a = ? and b = any(?::uuid[]) limit ?', 'select * from t where a = $1 and b = any($2::uuid[]) limit $3'],
  ])('numbers the placeholders of %s', (text, numbered) => {
    expect(namedStatement('s', text)).toEqual({ name: 's', text, numbered });
  });
});
