import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '../../dev/wait-for.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type Execution = { id: string; status: string; steps: Array<{ status: string }> };

/**
 * The contract run saw `PATCH /executions/{id}` `{status: "cancelled"}` answer 503 after 30 s under
 * a storm of outbound deliveries: the execution's progress write was a regular activity, queued
 * behind slow outbound requests holding every activity slot. Here the worker has one slot, held by a
 * runbook http step whose target does not answer until the test lets it: another execution must
 * still reach its manual step and be cancelled meanwhile.
 */
describe('executions progress while slow activities hold every slot (integration: real PostgreSQL + Temporal + worker)', () => {
  let stack: TestStack;
  const held: ServerResponse[] = [];
  const target = createServer((_request, response) => void held.push(response));
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const as = () => ({ Authorization: `Bearer ${owner.token}` });

  beforeAll(async () => {
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    stack = await startTestStack({
      worker: true,
      workerOverrides: { maxConcurrentActivityTaskExecutions: 1 },
      env: { OUTBOUND_ALLOW_PRIVATE: 'true' },
    });
    owner = await registerOwner(stack.http, 'starved');
  });
  afterAll(async () => {
    for (const response of held) response.end();
    await stack?.stop();
    await new Promise<void>((resolve) => target.close(() => resolve()));
  });

  const start = async (steps: unknown[]) => {
    const procedure = await stack.http
      .post('/api/v1/procedures')
      .set(as())
      .send({ name: `Runbook ${steps.length}-${Date.now()}`, steps })
      .expect(201);
    return (await stack.http.post(`/api/v1/procedures/${procedure.body.data.id}/execute`).set(as()).send({}).expect(201)).body
      .data as Execution;
  };
  const statusOf = async (id: string) => (await stack.http.get(`/api/v1/executions/${id}`).set(as()).expect(200)).body.data as Execution;

  it('reaches the manual step and cancels while an http step holds the only activity slot', async () => {
    const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/slow`;
    await start([{ name: 'Call the slow service', type: 'http', config: { url, method: 'POST' } }]);
    await waitFor('the http step holding the slot', async () => (held.length > 0 ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 50,
    });

    const waiting = await start([
      { name: 'Look at the dashboards', type: 'manual' },
      { name: 'Then this', type: 'manual' },
    ]);
    // Under the http step's 30 s request timeout: without a free slot, the old regular-activity write never got here in time.
    await waitFor('the manual step waiting', async () => ((await statusOf(waiting.id)).steps[0]?.status === 'waiting' ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 100,
    });
    const cancelled = await stack.http.patch(`/api/v1/executions/${waiting.id}`).set(as()).send({ status: 'cancelled' }).expect(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect(cancelled.body.data.steps.map((step: { status: string }) => step.status)).toEqual(['skipped', 'skipped']);
    // The slot was held throughout.
    expect(held.every((response) => !response.writableEnded)).toBe(true);
  });
});
