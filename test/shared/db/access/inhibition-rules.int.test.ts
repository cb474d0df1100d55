import { createInhibitionRuleStore, type InhibitionRuleFields } from '../../../../shared/db/access/inhibition-rules.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's rules are invisible to it,
// untouched by its writes, and do not count towards its cap.
describe('InhibitionRuleStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let theirRule: string;
  const store = () => createInhibitionRuleStore(db.em());
  const fields = (name: string): InhibitionRuleFields & { createdById: null } => ({
    name,
    sourceMatchers: [{ name: 'alertname', operator: '=', value: 'NodeDown' }],
    targetMatchers: [{ name: 'severity', operator: '=', value: 'warning' }],
    equal: ['instance'],
    enabled: true,
    createdById: null,
  });

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    theirRule = (await store().insertUnder(10, theirs.id, fields('Theirs')))!.id;
  });
  afterAll(() => db?.stop());

  it("reads the organization's own rules only", async () => {
    expect(await store().list(ours.id, { limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
    expect(await store().find(ours.id, theirRule)).toBeUndefined();
    expect((await store().find(theirs.id, theirRule))?.name).toBe('Theirs');
  });

  it("caps the organization's own rules, not counting another's", async () => {
    const first = await store().insertUnder(1, ours.id, fields('Ours'));
    expect(first?.name).toBe('Ours');
    expect(await store().insertUnder(1, ours.id, fields('One too many'))).toBeUndefined();
    expect((await store().list(ours.id, { limit: 10, offset: 0 })).items.map((rule) => rule.name)).toEqual(['Ours']);
  });

  it("changes and removes the organization's own rules only", async () => {
    expect(await store().update(ours.id, theirRule, { name: 'Taken', enabled: false })).toBeUndefined();
    await store().remove(ours.id, theirRule);
    expect(await store().find(theirs.id, theirRule)).toMatchObject({ name: 'Theirs', enabled: true });

    const own = (await store().list(ours.id, { limit: 1, offset: 0 })).items[0]!;
    expect(await store().update(ours.id, own.id, { enabled: false })).toMatchObject({ name: 'Ours', enabled: false });
    await store().remove(ours.id, own.id);
    expect(await store().find(ours.id, own.id)).toBeUndefined();
  });
});
