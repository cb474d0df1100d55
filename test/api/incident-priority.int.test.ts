import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

/** Priorities P1–P5 beside severity: set by hand, filtered on, and grouped by in analytics. */
describe('incident priorities (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('sets a priority by hand, filters by it, and refuses one that is not P1–P5', async () => {
    const owner = await registerOwner(stack.http, 'priority');
    const created = (
      await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'Slow search', priority: 'P3' }).expect(201)
    ).body.data as { id: string; priority: string | null };
    expect(created.priority).toBe('P3');
    await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'Unprioritised' }).expect(201);
    const changed = (
      await stack.http.patch(`/api/v1/incidents/${created.id}`).set(bearer(owner.token)).send({ priority: 'P1' }).expect(200)
    ).body.data as { priority: string };
    expect(changed.priority).toBe('P1');
    const invalid = await stack.http.patch(`/api/v1/incidents/${created.id}`).set(bearer(owner.token)).send({ priority: 'P0' }).expect(422);
    expect(invalid.body.code).toBe('VALIDATION_ERROR');
    const listed = (await stack.http.get('/api/v1/incidents?priority=P1').set(bearer(owner.token)).expect(200)).body.data as Array<{
      id: string;
    }>;
    expect(listed.map((incident) => incident.id)).toEqual([created.id]);
    const detail = (await stack.http.get(`/api/v1/incidents/${created.id}`).set(bearer(owner.token)).expect(200)).body.data as {
      timeline: Array<{ type: string; data: Record<string, unknown> }>;
    };
    expect(detail.timeline.filter((entry) => entry.type === 'priority_changed').map((entry) => entry.data)).toEqual([
      { from: 'P3', to: 'P1' },
    ]);
  });

  it('analytics group by priority, an incident without one under the null key; another organization counts nothing of it', async () => {
    const owner = await registerOwner(stack.http, 'priority-analytics');
    const other = await registerOwner(stack.http, 'priority-analytics-other');
    const create = (token: string, title: string, priority?: string) =>
      stack.http
        .post('/api/v1/incidents')
        .set(bearer(token))
        .send({ title, ...(priority ? { priority } : {}) })
        .expect(201);
    await create(owner.token, 'a', 'P1');
    await create(owner.token, 'b', 'P1');
    await create(owner.token, 'c', 'P4');
    await create(owner.token, 'd');
    await create(other.token, 'theirs', 'P4');
    const report = (await stack.http.get('/api/v1/analytics?group_by=priority').set(bearer(owner.token)).expect(200)).body.data as {
      group_by: string;
      totals: { incidents_created: number };
      groups: Array<{ key: string | null; incidents_created: number; open_at_end: number }>;
    };
    expect(report.group_by).toBe('priority');
    expect(report.totals.incidents_created).toBe(4);
    expect(report.groups.map((group) => [group.key, group.incidents_created, group.open_at_end])).toEqual([
      ['P1', 2, 2],
      ['P4', 1, 1],
      [null, 1, 1],
    ]);
  });
});
