import { waitFor } from '../../dev/wait-for.ts';
import { addMember, bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type Execution = {
  id: string;
  status: string;
  started_by: string;
  steps: Array<{ step_id: string; type: string; status: string; actor_id: string | null }>;
};

describe('separation of duties on approval steps (integration: real PostgreSQL + real Temporal + worker)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** An organization whose owner starts a one-approval runbook, and an engineer who did not start it. */
  async function approvalWaiting(label: string, separation: boolean) {
    const owner = await registerOwner(stack.http, label);
    const engineer = await addMember(stack, owner.token, 'engineer');
    if (separation) {
      const patched = await stack.http
        .patch('/api/v1/organization-settings')
        .set(bearer(owner.token))
        .send({ executions: { approval_separation_of_duties: true } })
        .expect(200);
      expect(patched.body.data.executions).toEqual({ approval_separation_of_duties: true });
    }
    const procedure = (
      await stack.http
        .post('/api/v1/procedures')
        .set(bearer(owner.token))
        .send({ name: 'Failover', steps: [{ name: 'Sign off', type: 'approval' }] })
        .expect(201)
    ).body.data as { id: string; steps: Array<{ id: string }> };
    const started = (await stack.http.post(`/api/v1/procedures/${procedure.id}/execute`).set(bearer(owner.token)).send({}).expect(201)).body
      .data as Execution;
    expect(started.started_by).toBe(owner.user.id);
    await waitFor(
      'the approval step waiting',
      async () => {
        const execution = (await stack.http.get(`/api/v1/executions/${started.id}`).set(bearer(owner.token)).expect(200)).body
          .data as Execution;
        return execution.steps[0]?.status === 'waiting' ? execution : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    const decide = (token: string, status: string) =>
      stack.http.patch(`/api/v1/executions/${started.id}`).set(bearer(token)).send({ step_id: procedure.steps[0]?.id, status });
    return { owner, engineer, execution: started, decide };
  }

  it('with the setting on, the starter can neither approve nor skip (403); another member approves', async () => {
    const { owner, engineer, execution, decide } = await approvalWaiting('sod-on', true);
    for (const status of ['succeeded', 'skipped']) {
      const refused = await decide(owner.token, status).expect(403);
      expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', status_code: 403 });
      expect(refused.body.detail).toMatch(/separation of duties/i);
    }
    const still = (await stack.http.get(`/api/v1/executions/${execution.id}`).set(bearer(owner.token)).expect(200)).body.data as Execution;
    expect(still.steps[0]?.status).toBe('waiting');

    const approved = await decide(engineer.token, 'succeeded').expect(200);
    expect(approved.body.data).toMatchObject({ status: 'completed' });
    expect(approved.body.data.steps[0]).toMatchObject({ status: 'succeeded', actor_id: engineer.user.id });
  });

  it('with the setting on, the starter may still reject their own run', async () => {
    const { owner, decide } = await approvalWaiting('sod-reject', true);
    const rejected = await decide(owner.token, 'failed').expect(200);
    expect(rejected.body.data).toMatchObject({ status: 'failed' });
  });

  it('off by default: the starter approves their own run', async () => {
    const { owner, decide } = await approvalWaiting('sod-off', false);
    const approved = await decide(owner.token, 'succeeded').expect(200);
    expect(approved.body.data).toMatchObject({ status: 'completed' });
    expect(approved.body.data.steps[0]).toMatchObject({ actor_id: owner.user.id });
  });
});
