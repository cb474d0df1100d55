import { randomUUID } from 'node:crypto';
import { createExecutionStore } from '../../../../shared/db/access/executions.ts';
import type { ExecutionProgress } from '../../../../shared/domain/procedure.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's executions, steps and
// incidents are invisible to it, and untouched by its writes.
describe('ExecutionStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const store = () => createExecutionStore(db.em());

  /** An execution of one manual step on a new incident of the organization: its id, step and incident. */
  const seedExecution = async (organizationId: string) => {
    const incidentId = await db.incident(organizationId, 'Disk full');
    const id = randomUUID();
    const stepId = randomUUID();
    const definition = {
      name: 'Free disk',
      description: null,
      version: 1,
      steps: [{ id: stepId, position: 0, name: 'Clean', type: 'manual' }],
    };
    await db.sql(
      `insert into executions (id, organization_id, procedure_id, procedure_version, incident_id, status, definition, parameters, workflow_id, started_at, updated_at)
       values (?, ?, ?, 1, ?, 'pending', ?::jsonb, '{}'::jsonb, ?, now(), now())`,
      [id, organizationId, randomUUID(), incidentId, JSON.stringify(definition), `execution:${id}`],
    );
    await db.sql(
      `insert into execution_steps (id, organization_id, execution_id, step_id, position, name, type, status)
       values (?, ?, ?, ?, 0, 'Clean', 'manual', 'pending')`,
      [randomUUID(), organizationId, id, stepId],
    );
    return { id, stepId, incidentId };
  };
  const progressOf = (organizationId: string, execution: { id: string; stepId: string }, seq: number): ExecutionProgress => ({
    executionId: execution.id,
    organizationId,
    seq,
    status: 'running',
    steps: [
      {
        stepId: execution.stepId,
        status: 'waiting',
        output: null,
        notes: null,
        actorId: null,
        startedAt: new Date().toISOString(),
        completedAt: null,
      },
    ],
  });
  const written = async (execution: { id: string; incidentId: string }) =>
    (
      await db.sql<{ status: string; step: string; events: string; entries: string }>(
        `select e.status, (select s.status from execution_steps s where s.execution_id = e.id) as step,
           (select count(*) from domain_events d where d.type = 'execution.updated' and d.data->'execution'->>'id' = e.id::text) as events,
           (select count(*) from incident_timeline t where t.incident_id = ? and t.type = 'execution') as entries
         from executions e where e.id = ?`,
        [execution.incidentId, execution.id],
      )
    )[0];
  const describe_ = () => ({ message: 'Runbook "Free disk" running', actorId: null, data: {} });

  beforeAll(async () => ({ db, ours, theirs } = await openTwoOrganizations()));
  afterAll(() => db?.stop());

  it("records progress of the organization's own executions only", async () => {
    const theirExecution = await seedExecution(theirs.id);
    expect(await store().recordProgress(ours.id, progressOf(ours.id, theirExecution, 1), describe_)).toBe('missing');
    expect(await written(theirExecution)).toEqual({ status: 'pending', step: 'pending', events: '0', entries: '0' });

    const ourExecution = await seedExecution(ours.id);
    const views: string[] = [];
    const describe = (view: { status: string }) => (views.push(view.status), describe_());
    expect(await store().recordProgress(ours.id, progressOf(ours.id, ourExecution, 1), describe)).toBe('applied');
    expect(views).toEqual(['running']);
    expect(await written(ourExecution)).toEqual({ status: 'running', step: 'waiting', events: '1', entries: '1' });
    expect(await store().recordProgress(ours.id, progressOf(ours.id, ourExecution, 1), describe)).toBe('already_applied');
    expect(await written(ourExecution)).toEqual({ status: 'running', step: 'waiting', events: '1', entries: '1' });
    // An execution naming another organization's incident writes no entry on it.
    const pointing = await seedExecution(ours.id);
    const theirIncident = await db.incident(theirs.id, 'Theirs');
    await db.sql('update executions set incident_id = ? where id = ?', [theirIncident, pointing.id]);
    expect(await store().recordProgress(ours.id, progressOf(ours.id, pointing, 1), describe_)).toBe('applied');
    expect(await written({ id: pointing.id, incidentId: theirIncident })).toMatchObject({ status: 'running', entries: '0' });
  });

  it("reads the organization's own executions and incidents only", async () => {
    const theirExecution = await seedExecution(theirs.id);
    expect(await store().find(ours.id, theirExecution.id)).toBeUndefined();
    expect((await store().find(theirs.id, theirExecution.id))?.steps.map((step) => step.step_id)).toEqual([theirExecution.stepId]);
    expect(await store().isIncident(ours.id, theirExecution.incidentId)).toBe(false);
    expect(await store().isIncident(theirs.id, theirExecution.incidentId)).toBe(true);
    const byIncident = await store().list(ours.id, { limit: 10, offset: 0, incidentId: theirExecution.incidentId });
    expect(byIncident).toEqual({ items: [], total: 0 });
    const all = await store().list(ours.id, { limit: 100, offset: 0 });
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items.every((item) => item.id !== theirExecution.id)).toBe(true);
  });

  it("stores and removes the organization's own executions only", async () => {
    const theirExecution = await seedExecution(theirs.id);
    const id = randomUUID();
    const stepId = randomUUID();
    const inserted = await store().insert(ours.id, {
      id,
      procedureId: randomUUID(),
      incidentId: null,
      definition: {
        name: 'Check',
        description: null,
        version: 2,
        steps: [{ id: stepId, position: 0, name: 'Look', description: null, type: 'manual', config: {} }],
      },
      parameters: { host: 'db1' },
      workflowId: `execution:${id}`,
      startedBy: ours.ownerId,
    });
    expect(inserted).toMatchObject({ id, status: 'pending', procedure_version: 2, steps: [{ step_id: stepId, status: 'pending' }] });
    expect(await store().find(ours.id, id)).toEqual(inserted);
    expect((await store().list(ours.id, { limit: 1, offset: 0, status: 'pending' })).items.map((item) => item.id)).toEqual([id]);

    await store().remove(ours.id, theirExecution.id);
    expect((await store().find(theirs.id, theirExecution.id))?.id).toBe(theirExecution.id);
    await store().remove(ours.id, id);
    expect(await store().find(ours.id, id)).toBeUndefined();
    const [steps] = await db.sql<{ n: string }>('select count(*) as n from execution_steps where execution_id = ?', [id]);
    expect(steps?.n).toBe('0');
  });
});
