import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_STREAM_BYTES, TRUNCATED_MARK } from '../../activities/assistant.activities.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const PER_HOUR = 3;

/**
 * A chat-completions server whose answer never ends: it streams an SSE delta every few
 * milliseconds, never `[DONE]`, until the client goes away; for an incident titled `garbage` it
 * streams bytes that are no answer at all (no event boundary). It records each closed connection.
 */
async function startEndlessAssistant() {
  const closed: Array<'text' | 'garbage'> = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const kind = raw.includes('garbage') ? 'garbage' : 'text';
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk =
        kind === 'garbage'
          ? 'x'.repeat(8192)
          : `data: ${JSON.stringify({ choices: [{ delta: { content: 'The pool is exhausted again. ' } }] })}\n\n`;
      const timer = setInterval(() => response.write(chunk), 2);
      response.on('close', () => {
        clearInterval(timer);
        closed.push(kind);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    closed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('@assistant limits (integration: real PostgreSQL, Temporal worker, local assistant)', () => {
  let stack: TestStack;
  let assistant: Awaited<ReturnType<typeof startEndlessAssistant>>;
  beforeAll(async () => {
    assistant = await startEndlessAssistant();
    stack = await startTestStack({
      worker: true,
      env: { ASSISTANT_URL: assistant.url, ASSISTANT_REQUESTS_PER_HOUR: String(PER_HOUR) },
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await assistant?.close();
  });

  const createIncident = async (token: string, title = 'payments-db pool') =>
    (await stack.http.post('/api/v1/incidents').set(bearer(token)).send({ title, severity: 'high' }).expect(201)).body.data.id as string;
  const ask = (token: string, incidentId: string, body = '@assistant what now?') =>
    stack.http.post(`/api/v1/incidents/${incidentId}/messages`).set(bearer(token)).send({ body });
  const storedAnswer = (token: string, incidentId: string, reply: number) =>
    waitFor(
      "the assistant's stored answer",
      async () => {
        const { body } = await stack.http
          .get(`/api/v1/incidents/${incidentId}/messages`)
          .set(bearer(token))
          .query({ limit: 100 })
          .expect(200);
        return body.data.filter((message: { author_kind: string }) => message.author_kind === 'assistant')[reply]?.body as
          string | undefined;
      },
      { timeoutMs: 60_000 },
    );

  it('cuts an answer that never ends at 4000 characters, marked truncated, and stops reading the stream', async () => {
    const owner = await registerOwner(stack.http, 'endless');
    const incidentId = await createIncident(owner.token);
    await ask(owner.token, incidentId).expect(201);
    const answer = await storedAnswer(owner.token, incidentId, 0);
    expect(answer.length).toBeLessThanOrEqual(4000);
    expect(answer.endsWith(TRUNCATED_MARK)).toBe(true);
    expect(answer.startsWith('The pool is exhausted again.')).toBe(true);
    await waitFor('the assistant connection to close', async () => (assistant.closed.includes('text') ? true : undefined), {
      timeoutMs: 10_000,
    });
  });

  it(`stops reading a stream of ${MAX_STREAM_BYTES} bytes that carries no answer`, async () => {
    const owner = await registerOwner(stack.http, 'garbage');
    const incidentId = await createIncident(owner.token, 'garbage');
    await ask(owner.token, incidentId).expect(201);
    expect(await storedAnswer(owner.token, incidentId, 0)).toBe(TRUNCATED_MARK.trim());
    await waitFor('the assistant connection to close', async () => (assistant.closed.includes('garbage') ? true : undefined), {
      timeoutMs: 10_000,
    });
  });

  it(`refuses the organization's question beyond ${PER_HOUR} an hour with 429, storing nothing; others and plain messages go on`, async () => {
    const owner = await registerOwner(stack.http, 'quota');
    const other = await registerOwner(stack.http, 'quota-other');
    const incidentId = await createIncident(owner.token);
    for (let i = 0; i < PER_HOUR; i += 1) await ask(owner.token, incidentId).expect(201);
    const refused = await ask(owner.token, incidentId, '@assistant one more?').expect(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', status_code: 429 });
    expect(refused.body.detail).toMatch(/assistant .*this hour/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const listed = await stack.http
      .get(`/api/v1/incidents/${incidentId}/messages`)
      .set(bearer(owner.token))
      .query({ limit: 100 })
      .expect(200);
    expect(listed.body.data.map((message: { body: string }) => message.body)).not.toContain('@assistant one more?');
    await ask(owner.token, incidentId, 'Rolled back the deploy').expect(201);
    await ask(other.token, await createIncident(other.token)).expect(201);
  });
});
