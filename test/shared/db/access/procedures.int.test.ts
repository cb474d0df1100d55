import { createProcedureStore, type ProcedureStepFields } from '../../../../shared/db/access/procedures.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's procedures and steps are
// invisible to it, and untouched by its writes.
describe('ProcedureStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourProcedure: string;
  let theirProcedure: string;
  let theirStep: string;
  const store = () => createProcedureStore(db.em());
  const step = (name: string, id?: string): ProcedureStepFields => ({
    ...(id ? { id } : {}),
    name,
    description: null,
    type: 'manual',
    config: {},
  });

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourProcedure = (await store().insert(ours.id, { name: 'Free disk', description: null, tags: ['disk'] }, [step('Clean')])).procedure.id;
    const theirsCreated = await store().insert(theirs.id, { name: 'Free disk', description: 'Theirs', tags: ['disk'] }, [step('Clean')]);
    theirProcedure = theirsCreated.procedure.id;
    theirStep = theirsCreated.steps[0]!.id;
  });
  afterAll(() => db?.stop());

  it("lists and finds the organization's own procedures and steps only", async () => {
    expect((await store().list(ours.id, { limit: 10, offset: 0 })).items.map((item) => item.id)).toEqual([ourProcedure]);
    expect((await store().list(ours.id, { limit: 10, offset: 0, tag: 'disk' })).total).toBe(1);
    expect(await store().find(ours.id, theirProcedure)).toBeUndefined();
    expect((await store().find(theirs.id, theirProcedure))?.description).toBe('Theirs');
    expect((await store().stepsOf(ours.id, [ourProcedure, theirProcedure])).map((row) => row.procedureId)).toEqual([ourProcedure]);
  });

  it("changes and removes the organization's own procedures only", async () => {
    expect(await store().update(ours.id, theirProcedure, { name: 'Taken' }, [step('Other')])).toBeUndefined();
    await store().remove(ours.id, theirProcedure);
    expect(await store().find(theirs.id, theirProcedure)).toMatchObject({ name: 'Free disk', version: 1 });
    expect((await store().stepsOf(theirs.id, [theirProcedure])).map((row) => row.id)).toEqual([theirStep]);

    const [kept] = await store().stepsOf(ours.id, [ourProcedure]);
    const updated = await store().update(ours.id, ourProcedure, { name: 'Free more disk' }, [step('First'), step('Clean again', kept!.id)]);
    expect(updated?.procedure).toMatchObject({ name: 'Free more disk', version: 2 });
    expect(updated?.steps.map((row) => [row.name, row.position, row.id === kept!.id])).toEqual([
      ['First', 0, false],
      ['Clean again', 1, true],
    ]);
    await store().remove(ours.id, ourProcedure);
    expect(await store().find(ours.id, ourProcedure)).toBeUndefined();
    expect(await store().stepsOf(ours.id, [ourProcedure])).toEqual([]);
  });
});
