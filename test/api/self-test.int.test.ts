import { waitFor } from '../../dev/wait-for.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

describe('pipeline self-test (integration: real PostgreSQL + real Temporal)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('an HTTP call starts a workflow whose activity writes the row the API then reads back', async () => {
    const owner = await registerOwner(stack.http);
    const started = await stack.http.post('/api/v1/admin/self-test').set('Authorization', `Bearer ${owner.token}`).expect(202);
    expect(started.body.data).toMatchObject({ status: 'queued', completed_at: null, worker_identity: null });
    const id = started.body.data.id as string;
    expect(started.body.data.workflow_id).toBe(`self-test:${id}`);

    const completed = await waitFor(
      'the self-test to complete',
      async () => {
        const response = await stack.http.get(`/api/v1/admin/self-test/${id}`).set('Authorization', `Bearer ${owner.token}`).expect(200);
        return response.body.data.status === 'completed' ? response.body.data : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(completed.worker_identity).toMatch(/^\d+@/);
    expect(Date.parse(completed.completed_at)).toBeGreaterThanOrEqual(Date.parse(completed.created_at));

    // The workflow ran on Temporal, not in the API: its history says so.
    const handle = stack.temporal.client.workflow.getHandle(`self-test:${id}`);
    await handle.result();
    const description = await handle.describe();
    expect(description.status.name).toBe('COMPLETED');
    expect(description.typedSearchAttributes.get({ name: 'TocsinOrganizationId', type: 'KEYWORD' } as never)).toBe(owner.organization.id);
  });

  it('another organization cannot see the run (404, not 403)', async () => {
    const owner = await registerOwner(stack.http, 'a');
    const stranger = await registerOwner(stack.http, 'b');
    const started = await stack.http.post('/api/v1/admin/self-test').set('Authorization', `Bearer ${owner.token}`).expect(202);
    const response = await stack.http
      .get(`/api/v1/admin/self-test/${started.body.data.id}`)
      .set('Authorization', `Bearer ${stranger.token}`)
      .expect(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });

  it('refuses a caller without a credential', async () => {
    const response = await stack.http.post('/api/v1/admin/self-test').expect(401);
    expect(response.body).toMatchObject({ code: 'INVALID_TOKEN', status_code: 401 });
  });
});
