import { describe, expect, it } from '@jest/globals';
import { extensionDirsOf, pgvectorCopies } from '../../dev/pgvector.ts';

describe('pgvectorCopies', () => {
  const target = extensionDirsOf('/pg');
  const names = (listing: { lib: string[]; extension: string[] }) =>
    pgvectorCopies('/cache/pgvector', listing, target).map(({ from, to }) => `${from} -> ${to}`);

  it("targets the install's default directories", () => {
    expect(target).toEqual({ lib: '/pg/lib/postgresql', extension: '/pg/share/postgresql/extension' });
  });

  it.each([
    [
      'the library first, the scripts, the control file last',
      { lib: ['vector.so'], extension: ['vector.control', 'vector--0.8.5.sql', 'vector--0.8.4--0.8.5.sql'] },
      [
        '/cache/pgvector/lib/vector.so -> /pg/lib/postgresql/vector.so',
        '/cache/pgvector/share/extension/vector--0.8.4--0.8.5.sql -> /pg/share/postgresql/extension/vector--0.8.4--0.8.5.sql',
        '/cache/pgvector/share/extension/vector--0.8.5.sql -> /pg/share/postgresql/extension/vector--0.8.5.sql',
        '/cache/pgvector/share/extension/vector.control -> /pg/share/postgresql/extension/vector.control',
      ],
    ],
    [
      "only pgvector's own files (nothing else lands in the server's directories)",
      { lib: ['vector.so', 'other.so'], extension: ['vector.control', 'vector--0.8.5.sql', 'plpgsql.control', 'vector--x.sql', 'README'] },
      [
        '/cache/pgvector/lib/vector.so -> /pg/lib/postgresql/vector.so',
        '/cache/pgvector/share/extension/vector--0.8.5.sql -> /pg/share/postgresql/extension/vector--0.8.5.sql',
        '/cache/pgvector/share/extension/vector.control -> /pg/share/postgresql/extension/vector.control',
      ],
    ],
  ])('%s', (_label, listing, expected) => {
    expect(names(listing)).toEqual(expected);
  });

  it.each([
    ['no library', { lib: [], extension: ['vector.control'] }, /holds no vector\.so/],
    ['no control file', { lib: ['vector.so'], extension: ['vector--0.8.5.sql'] }, /holds no vector\.control/],
  ])('refuses an incomplete build: %s', (_label, listing, message) => {
    expect(() => names(listing)).toThrow(message);
  });
});
