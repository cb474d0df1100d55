import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

interface PriorityRunbook {
  priority: string;
  procedure_id: string;
  procedure_name: string;
  auto_approve: boolean;
  resolve_incident: boolean;
}

/** `/priority-runbooks/{priority}` over HTTP: set, read, replace, remove; organizations kept apart; bad input refused. */
describe('priority runbooks (integration: real PostgreSQL)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const createProcedure = async (token: string, name: string) =>
    (
      await stack.http
        .post('/api/v1/procedures')
        .set(bearer(token))
        .send({ name, steps: [{ name: 'Look', type: 'manual', config: {} }] })
        .expect(201)
    ).body.data as { id: string };

  it('sets, reads, replaces and removes the runbook of a priority; another organization neither sees nor changes it', async () => {
    const owner = await registerOwner(stack.http, 'priority-runbooks');
    const other = await registerOwner(stack.http, 'priority-runbooks-other');
    const auth = bearer(owner.token);
    const failover = await createProcedure(owner.token, 'Fail over');
    const restart = await createProcedure(owner.token, 'Restart');

    expect((await stack.http.get('/api/v1/priority-runbooks').set(auth).expect(200)).body.data).toEqual([]);
    await stack.http.get('/api/v1/priority-runbooks/P1').set(auth).expect(404);
    const set = (await stack.http.put('/api/v1/priority-runbooks/P1').set(auth).send({ procedure_id: failover.id }).expect(200)).body
      .data as PriorityRunbook;
    expect(set).toEqual(
      expect.objectContaining({
        priority: 'P1',
        procedure_id: failover.id,
        procedure_name: 'Fail over',
        auto_approve: false,
        resolve_incident: true,
      }),
    );
    await stack.http
      .put('/api/v1/priority-runbooks/P2')
      .set(auth)
      .send({ procedure_id: restart.id, auto_approve: true, resolve_incident: false })
      .expect(200);
    // Replacing keeps one runbook per priority.
    await stack.http.put('/api/v1/priority-runbooks/P1').set(auth).send({ procedure_id: restart.id, auto_approve: true }).expect(200);
    const listed = (await stack.http.get('/api/v1/priority-runbooks').set(auth).expect(200)).body.data as PriorityRunbook[];
    expect(listed.map((item) => [item.priority, item.procedure_name, item.auto_approve, item.resolve_incident])).toEqual([
      ['P1', 'Restart', true, true],
      ['P2', 'Restart', true, false],
    ]);

    // The other organization sees none of it, cannot remove it, and cannot point its own at this procedure.
    expect((await stack.http.get('/api/v1/priority-runbooks').set(bearer(other.token)).expect(200)).body.data).toEqual([]);
    await stack.http.get('/api/v1/priority-runbooks/P1').set(bearer(other.token)).expect(404);
    await stack.http.delete('/api/v1/priority-runbooks/P1').set(bearer(other.token)).expect(404);
    const stolen = await stack.http
      .put('/api/v1/priority-runbooks/P1')
      .set(bearer(other.token))
      .send({ procedure_id: restart.id })
      .expect(404);
    expect(stolen.body).toEqual(expect.objectContaining({ code: 'NOT_FOUND', detail: expect.stringMatching(/^procedure_id: /) }));
    expect(((await stack.http.get('/api/v1/priority-runbooks/P1').set(auth).expect(200)).body.data as PriorityRunbook).procedure_id).toBe(
      restart.id,
    );

    await stack.http.delete('/api/v1/priority-runbooks/P1').set(auth).expect(204);
    await stack.http.delete('/api/v1/priority-runbooks/P1').set(auth).expect(404);
    expect(
      ((await stack.http.get('/api/v1/priority-runbooks').set(auth).expect(200)).body.data as PriorityRunbook[]).map(
        (item) => item.priority,
      ),
    ).toEqual(['P2']);

    // Deleting the procedure removes the priority's runbook with it.
    await stack.http.delete(`/api/v1/procedures/${restart.id}`).set(auth).expect(204);
    expect((await stack.http.get('/api/v1/priority-runbooks').set(auth).expect(200)).body.data).toEqual([]);
  });

  it.each<[string, string, Record<string, unknown>, string]>([
    ['an unknown priority', 'P9', { procedure_id: '00000000-0000-4000-8000-000000000000' }, 'params.priority'],
    ['a procedure id that is no uuid', 'P1', { procedure_id: 'failover' }, 'body.procedure_id'],
    ['no procedure id', 'P1', { auto_approve: true }, 'body.procedure_id'],
    [
      'auto_approve not a boolean',
      'P1',
      { procedure_id: '00000000-0000-4000-8000-000000000000', auto_approve: 'yes' },
      'body.auto_approve',
    ],
    ['an unknown field', 'P1', { procedure_id: '00000000-0000-4000-8000-000000000000', resolves: true }, 'body'],
  ])('refuses %s with 422 naming the field, and stores nothing', async (_name, priority, body, path) => {
    const owner = await registerOwner(stack.http, `priority-runbooks-422-${priority}`);
    const response = await stack.http.put(`/api/v1/priority-runbooks/${priority}`).set(bearer(owner.token)).send(body).expect(422);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect((response.body.errors as Array<{ path: string }>).map((error) => error.path)).toContain(path);
    expect((await stack.http.get('/api/v1/priority-runbooks').set(bearer(owner.token)).expect(200)).body.data).toEqual([]);
  });

  it('answers 404 for a procedure that does not exist', async () => {
    const owner = await registerOwner(stack.http, 'priority-runbooks-404');
    const response = await stack.http
      .put('/api/v1/priority-runbooks/P3')
      .set(bearer(owner.token))
      .send({ procedure_id: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
    expect(response.body).toEqual(
      expect.objectContaining({ code: 'NOT_FOUND', detail: 'procedure_id: no such procedure in this organization' }),
    );
    await stack.http.get('/api/v1/priority-runbooks/P3').set(bearer(owner.token)).expect(404);
  });
});
