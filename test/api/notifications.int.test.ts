import { randomUUID } from 'node:crypto';
import { addMember, bearer } from '../helpers/members.ts';
import { outboxRelayed } from '../helpers/outbox.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type NotificationRow = {
  id: string;
  type: string;
  title: string;
  read: boolean;
  read_at: string | null;
  incident_id: string | null;
  execution_id: string | null;
  data: Record<string, unknown>;
};

describe('notifications (made by the outbox relay; real PostgreSQL + Temporal)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const list = async (token: string, query = '') => {
    const response = await stack.http.get(`/api/v1/notifications${query}`).set(bearer(token)).expect(200);
    return { items: response.body.data as NotificationRow[], total: response.body.meta.total as number };
  };
  /** Waits until every domain event so far has been relayed, so "nothing came" means nothing will. */
  const relayed = () => outboxRelayed(stack);

  it("new incidents notify at or above the organization's minimum severity; list, unread filter and mark read", async () => {
    const owner = await registerOwner(stack.http, 'notif');
    await stack.http
      .patch('/api/v1/organization-settings')
      .set(bearer(owner.token))
      .send({ notifications: { min_severity: 'high' } })
      .expect(200);
    await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'low one', severity: 'medium' }).expect(201);
    const high = (
      await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'high one', severity: 'high' }).expect(201)
    ).body.data;
    const critical = (
      await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'critical one', severity: 'critical' }).expect(201)
    ).body.data;
    await relayed();

    const { items, total } = await list(owner.token);
    expect(total).toBe(2);
    expect(items.map((item) => [item.type, item.incident_id, item.read])).toEqual([
      ['incident.created', critical.id, false],
      ['incident.created', high.id, false],
    ]);
    expect(items[0]?.title).toBe('New critical incident: critical one');

    await stack.http
      .patch(`/api/v1/notifications/${items[1]?.id}`)
      .set(bearer(owner.token))
      .send({ read: true })
      .expect(200)
      .then((response) => expect(response.body.data).toMatchObject({ id: items[1]?.id, read: true }));
    const unread = await list(owner.token, '?unread=true');
    expect(unread.items.map((item) => item.id)).toEqual([items[0]?.id]);
    expect((await list(owner.token, '?limit=1&offset=1')).items.map((item) => item.id)).toEqual([items[1]?.id]);
    await stack.http.patch(`/api/v1/notifications/${items[0]?.id}`).set(bearer(owner.token)).send({ read: 'yes' }).expect(422);
  });

  it('an assignment notifies the new assignee once; another user cannot read or mark it', async () => {
    const owner = await registerOwner(stack.http, 'assign');
    await stack.http
      .patch('/api/v1/organization-settings')
      .set(bearer(owner.token))
      .send({ notifications: { min_severity: 'critical' } })
      .expect(200);
    const engineer = await addMember(stack, owner.token, 'engineer', 'assignee');
    const incident = (
      await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'needs an owner', severity: 'low' }).expect(201)
    ).body.data;
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).send({ assignee_id: engineer.user.id }).expect(200);
    await stack.http
      .patch(`/api/v1/incidents/${incident.id}`)
      .set(bearer(owner.token))
      .send({ description: 'still assigned, no new notice' })
      .expect(200);
    await relayed();

    const mine = await list(engineer.token);
    expect(mine.items.map((item) => [item.type, item.incident_id])).toEqual([['incident.assigned', incident.id]]);
    expect((await list(owner.token)).total).toBe(0);

    // Another organization's user and another member of the same one: 404, not 403.
    const stranger = await registerOwner(stack.http, 'stranger');
    await stack.http.patch(`/api/v1/notifications/${mine.items[0]?.id}`).set(bearer(stranger.token)).send({ read: true }).expect(404);
    await stack.http.patch(`/api/v1/notifications/${mine.items[0]?.id}`).set(bearer(owner.token)).send({ read: true }).expect(404);
    await stack.http.patch(`/api/v1/notifications/${randomUUID()}`).set(bearer(engineer.token)).send({ read: true }).expect(404);
    expect((await list(engineer.token, '?unread=true')).total).toBe(1);

    // Reassigning to the owner by someone else notifies the owner; assigning oneself notifies nobody.
    await stack.http.patch(`/api/v1/incidents/${incident.id}`).set(bearer(engineer.token)).send({ assignee_id: owner.user.id }).expect(200);
    await stack.http
      .patch(`/api/v1/incidents/${incident.id}`)
      .set(bearer(engineer.token))
      .send({ assignee_id: engineer.user.id })
      .expect(200);
    await relayed();
    expect((await list(owner.token)).items.map((item) => item.type)).toEqual(['incident.assigned']);
    expect((await list(engineer.token)).total).toBe(1);
  });

  it('the routes are described in /openapi.json with their permissions', async () => {
    const document = (await stack.http.get('/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(document.paths['/api/v1/notifications']?.get?.operationId).toBe('listNotifications');
    expect(document.paths['/api/v1/notifications/{id}']?.patch?.operationId).toBe('updateNotification');
    expect(document.paths['/api/v1/integrations/{id}/deliveries']?.get?.operationId).toBe('listIntegrationDeliveries');
    await stack.http.get('/api/v1/notifications').expect(401);
  });

  it('an execution step waiting for a person notifies those who may act on it, once per step', async () => {
    const owner = await registerOwner(stack.http, 'exec');
    const viewer = await addMember(stack, owner.token, 'viewer', 'watcher');
    const executionId = randomUUID();
    const stepId = randomUUID();
    const execution = (status: string) => ({
      id: executionId,
      procedure_name: 'Failover',
      started_by: null,
      steps: [{ step_id: stepId, name: 'Approve failover', type: 'approval', status }],
    });
    // execution.updated events as the runbook engineer's activity records them (a row in the outbox).
    const record = (status: string) =>
      stack.orm.em
        .fork()
        .execute(
          `insert into domain_events (id, organization_id, type, incident_id, data, created_at) values (gen_random_uuid(), ?, 'execution.updated', null, ?::jsonb, now())`,
          [owner.organization.id, JSON.stringify({ organization_id: owner.organization.id, execution: execution(status) })],
        );
    await record('waiting');
    await record('waiting');
    await record('succeeded');
    await relayed();
    const ownerNotices = await list(owner.token);
    expect(ownerNotices.items.map((item) => [item.type, item.execution_id, item.data.step_id])).toEqual([
      ['execution.waiting', executionId, stepId],
    ]);
    // A viewer lacks executions:update: not asked to approve.
    expect((await list(viewer.token)).total).toBe(0);
  });
});
