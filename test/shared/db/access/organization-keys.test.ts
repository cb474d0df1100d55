import { organizationKeyArrays, rowsOfKeys } from '../../../../shared/db/access/organization-keys.ts';

const A = '0190a5e0-0000-7000-8000-00000000000a';
const B = '0190a5e0-0000-7000-8000-00000000000b';
const X = '0190a5e0-0000-7000-8000-0000000000f1';
const Y = '0190a5e0-0000-7000-8000-0000000000f2';

describe('organizationKeyArrays', () => {
  it.each([
    { name: 'one key', keys: [{ organizationId: A, id: X }], arrays: [`{"${X}"}`, `{"${A}"}`] },
    {
      name: 'ids and organizations each once',
      keys: [
        { organizationId: A, id: X },
        { organizationId: A, id: Y },
        { organizationId: B, id: X },
      ],
      arrays: [`{"${X}","${Y}"}`, `{"${A}","${B}"}`],
    },
    {
      name: 'a malformed id names nothing',
      keys: [
        { organizationId: A, id: "x'); drop" },
        { organizationId: B, id: Y },
      ],
      arrays: [`{"${Y}"}`, `{"${B}"}`],
    },
    { name: 'a malformed organization names nothing', keys: [{ organizationId: 'nope', id: X }], arrays: ['{}', '{}'] },
  ])('$name', ({ keys, arrays }) => {
    expect(organizationKeyArrays(keys)).toEqual(arrays);
  });
});

describe('rowsOfKeys', () => {
  const rows = [
    { id: X, organization_id: A },
    { id: Y, organization_id: A },
    { id: X, organization_id: B },
  ];
  it.each([
    // The statement matched X and Y and A and B separately: B's X was not asked with B.
    {
      name: "another organization's row of an asked id is left out",
      keys: [
        { organizationId: A, id: X },
        { organizationId: B, id: Y },
      ],
      ids: [[X, A]],
    },
    {
      name: 'each asked pair',
      keys: [
        { organizationId: A, id: X },
        { organizationId: B, id: X },
      ],
      ids: [
        [X, A],
        [X, B],
      ],
    },
    { name: 'letter case does not matter', keys: [{ organizationId: A.toUpperCase(), id: Y.toUpperCase() }], ids: [[Y, A]] },
    { name: 'nothing asked', keys: [], ids: [] },
  ])('$name', ({ keys, ids }) => {
    expect(rowsOfKeys(rows, keys).map((row) => [row.id, row.organization_id])).toEqual(ids);
  });

  it('matches by the id a row names (a member rule by its user)', () => {
    const rules = [
      { user_id: X, organization_id: A, rule_id: 'r1' },
      { user_id: X, organization_id: B, rule_id: 'r2' },
    ];
    expect(rowsOfKeys(rules, [{ organizationId: B, id: X }], (row) => row.user_id).map((row) => row.rule_id)).toEqual(['r2']);
  });
});
