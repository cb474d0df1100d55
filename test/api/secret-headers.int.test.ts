import { randomUUID } from 'node:crypto';
import { createSecretBox } from '../../shared/crypto/secret-box.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { createApiKey } from '../helpers/api-keys.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

// Credentials for the receivers live in write-only secret headers: sealed in the row, never in a
// response, sent as given; and plain header values are hidden from callers who cannot edit.
describe('secret headers of outbound webhooks and runbook http steps (real PostgreSQL + Temporal + worker)', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  // Another port on the same address: another destination, standing for a host the attacker runs.
  let elsewhere: Awaited<ReturnType<typeof startReceiver>>;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let viewer: Member;
  beforeAll(async () => {
    [stack, receiver, elsewhere] = await Promise.all([
      startTestStack({ worker: true, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } }),
      startReceiver(),
      startReceiver(),
    ]);
    owner = await registerOwner(stack.http, 'secret-headers');
    viewer = await addMember(stack, owner.token, 'viewer');
  });
  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
    await elsewhere?.close();
  });

  const row = async (sql: string, id: string) =>
    (await stack.orm.em.fork().execute<Array<Record<string, unknown>>>(sql, [id]))[0] as Record<string, unknown>;
  const opened = (sealed: unknown) => createSecretBox(stack.config.ENCRYPTION_KEY as string).decrypt(sealed as string);

  it('integrations: sealed at rest, never echoed, sent at delivery, plain values redacted for a viewer', async () => {
    const apiKey = `sk_live_${randomUUID()}`;
    const path = `/hook/${randomUUID()}`;
    const created = await stack.http
      .post('/api/v1/integrations')
      .set(bearer(owner.token))
      .send({
        name: 'pager relay',
        platform: 'metrics_alerts',
        webhook_config: {
          url: `${receiver.url}${path}`,
          events: ['incident.created'],
          headers: { 'X-Team': 'ops' },
          secret_headers: { 'X-Api-Key': apiKey },
        },
      })
      .expect(201);
    const id = created.body.data.id as string;
    expect(JSON.stringify(created.body)).not.toContain(apiKey);
    expect(created.body.data.webhook_config).toMatchObject({ headers: { 'X-Team': 'ops' }, secret_headers: { 'X-Api-Key': '[redacted]' } });

    const stored = (await row('select webhook_config::text as config from integrations where id = ?', id)).config as string;
    expect(stored).not.toContain(apiKey);
    expect(opened((JSON.parse(stored) as { secret_headers: Record<string, string> }).secret_headers['X-Api-Key'])).toBe(apiKey);

    const asOwner = await stack.http.get(`/api/v1/integrations/${id}`).set(bearer(owner.token)).expect(200);
    expect(asOwner.body.data.webhook_config).toMatchObject({ headers: { 'X-Team': 'ops' }, secret_headers: { 'X-Api-Key': '[redacted]' } });
    for (const url of [`/api/v1/integrations/${id}`, '/api/v1/integrations']) {
      const asViewer = await stack.http.get(url).set(bearer(viewer.token)).expect(200);
      expect(JSON.stringify(asViewer.body)).not.toContain(apiKey);
      expect(JSON.stringify(asViewer.body)).not.toContain('"ops"');
    }
    const viewed = await stack.http.get(`/api/v1/integrations/${id}`).set(bearer(viewer.token)).expect(200);
    expect(viewed.body.data.webhook_config).toMatchObject({
      headers: { 'X-Team': '[redacted]' },
      secret_headers: { 'X-Api-Key': '[redacted]' },
    });

    // Sending back what was read keeps the secret; `[redacted]` for a name never stored is refused.
    const echoed = { ...asOwner.body.data.webhook_config, url: `${receiver.url}${path}?v=2` };
    await stack.http.patch(`/api/v1/integrations/${id}`).set(bearer(owner.token)).send({ webhook_config: echoed }).expect(200);
    const refused = await stack.http
      .patch(`/api/v1/integrations/${id}`)
      .set(bearer(owner.token))
      .send({ webhook_config: { ...echoed, secret_headers: { 'X-Other': '[redacted]' } } })
      .expect(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'body.webhook_config.secret_headers.X-Other' })]);

    await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'secret header delivery' }).expect(201);
    const request = await waitFor('the delivery', async () => receiver.requests.find((hit) => hit.url.startsWith(path)), {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    expect(request.url).toBe(`${path}?v=2`);
    expect(request.headers['x-api-key']).toBe(apiKey);
    expect(request.headers['x-team']).toBe('ops');
  });

  it('runbook http steps: sealed at rest, never echoed, sent when the step runs, plain values redacted for a viewer', async () => {
    const token = `Bearer step-${randomUUID()}`;
    const path = `/step/${randomUUID()}`;
    const created = await stack.http
      .post('/api/v1/procedures')
      .set(bearer(owner.token))
      .send({
        name: 'Call the billing API',
        steps: [
          {
            name: 'Call',
            type: 'http',
            config: {
              url: `${receiver.url}${path}`,
              method: 'POST',
              headers: { 'X-Plain': 'visible-to-editors' },
              secret_headers: { Authorization: token },
            },
          },
        ],
      })
      .expect(201);
    const procedure = created.body.data as { id: string; steps: Array<{ id: string; config: Record<string, unknown> }> };
    expect(JSON.stringify(created.body)).not.toContain(token);
    expect(procedure.steps[0]?.config).toMatchObject({
      headers: { 'X-Plain': 'visible-to-editors' },
      secret_headers: { Authorization: '[redacted]' },
    });

    const stored = (await row('select config::text as config from procedure_steps where id = ?', procedure.steps[0]?.id as string))
      .config as string;
    expect(stored).not.toContain(token);
    expect(opened((JSON.parse(stored) as { secret_headers: Record<string, string> }).secret_headers.Authorization)).toBe(token);

    for (const url of [`/api/v1/procedures/${procedure.id}`, '/api/v1/procedures']) {
      const asViewer = await stack.http.get(url).set(bearer(viewer.token)).expect(200);
      expect(JSON.stringify(asViewer.body)).not.toContain(token);
      expect(JSON.stringify(asViewer.body)).not.toContain('visible-to-editors');
    }
    const viewed = await stack.http.get(`/api/v1/procedures/${procedure.id}`).set(bearer(viewer.token)).expect(200);
    expect(viewed.body.data.steps[0].config).toMatchObject({
      headers: { 'X-Plain': '[redacted]' },
      secret_headers: { Authorization: '[redacted]' },
    });

    // An edit that sends the step back as read keeps its secret.
    await stack.http
      .patch(`/api/v1/procedures/${procedure.id}`)
      .set(bearer(owner.token))
      .send({ steps: procedure.steps.map((step) => ({ ...step, name: 'Call billing', type: 'http' })) })
      .expect(200);

    const execution = (await stack.http.post(`/api/v1/procedures/${procedure.id}/execute`).set(bearer(owner.token)).send({}).expect(201))
      .body.data as { id: string };
    const request = await waitFor('the http step', async () => receiver.requests.find((hit) => hit.url === path), {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    expect(request.headers.authorization).toBe(token);
    expect(request.headers['x-plain']).toBe('visible-to-editors');
    const finished = await waitFor(
      'the execution',
      async () => {
        const response = await stack.http.get(`/api/v1/executions/${execution.id}`).set(bearer(owner.token)).expect(200);
        return response.body.data.status === 'completed' ? response.body : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(JSON.stringify(finished)).not.toContain(token);
  });

  it('runbook http steps: a URL moved to another destination must carry its secret headers again', async () => {
    const token = `Bearer moved-${randomUUID()}`;
    const path = `/moved/${randomUUID()}`;
    const created = await stack.http
      .post('/api/v1/procedures')
      .set(bearer(owner.token))
      .send({
        name: 'Call the status API',
        steps: [
          { name: 'Look', type: 'manual', config: {} },
          {
            name: 'Call',
            type: 'http',
            config: { url: `${receiver.url}${path}`, method: 'POST', secret_headers: { Authorization: token } },
          },
        ],
      })
      .expect(201);
    const procedure = created.body.data as {
      id: string;
      steps: Array<{ id: string; type: string; name: string; config: Record<string, unknown> }>;
    };
    const moved = (config: Record<string, unknown>) =>
      procedure.steps.map((step) =>
        step.type === 'http' ? { ...step, config: { ...step.config, url: `${elsewhere.url}${path}`, ...config } } : step,
      );

    // Sending the step back as read, or without its secret headers, no longer keeps the token.
    for (const steps of [moved({}), moved({ secret_headers: undefined })]) {
      const refused = await stack.http.patch(`/api/v1/procedures/${procedure.id}`).set(bearer(owner.token)).send({ steps }).expect(422);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'body.steps.1.config.secret_headers.Authorization' })]);
    }
    // Another path or query at the same scheme, host and port keeps the token.
    const samePlace = procedure.steps.map((step) =>
      step.type === 'http' ? { ...step, config: { ...step.config, url: `${receiver.url}${path}?same=1` } } : step,
    );
    await stack.http.patch(`/api/v1/procedures/${procedure.id}`).set(bearer(owner.token)).send({ steps: samePlace }).expect(200);
    // A host chosen by an execution parameter cannot hold a secret.
    const templated = procedure.steps.map((step) =>
      step.type === 'http'
        ? { ...step, config: { url: 'http://{{parameters.host}}/x', method: 'POST', secret_headers: { Authorization: 'Bearer other' } } }
        : step,
    );
    const refusedTemplate = await stack.http
      .patch(`/api/v1/procedures/${procedure.id}`)
      .set(bearer(owner.token))
      .send({ steps: templated })
      .expect(422);
    expect(refusedTemplate.body.errors).toEqual([expect.objectContaining({ path: 'body.steps.1.config.url' })]);

    // The refused edits changed nothing: a run still calls the first receiver, with the token.
    const execution = (await stack.http.post(`/api/v1/procedures/${procedure.id}/execute`).set(bearer(owner.token)).send({}).expect(201))
      .body.data as { id: string; steps: Array<{ step_id: string; type: string }> };
    const manual = execution.steps.find((step) => step.type === 'manual') as { step_id: string };
    await stack.http
      .patch(`/api/v1/executions/${execution.id}`)
      .set(bearer(owner.token))
      .send({ step_id: manual.step_id, status: 'succeeded' })
      .expect(200);
    const request = await waitFor('the http step', async () => receiver.requests.find((hit) => hit.url.startsWith(path)), {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    expect(request.url).toBe(`${path}?same=1`);
    expect(request.headers.authorization).toBe(token);
    expect(elsewhere.requests.filter((hit) => JSON.stringify(hit.headers).includes(token))).toEqual([]);

    // Sent again with the new URL, the new secret goes to the new destination.
    const resent = moved({ secret_headers: { Authorization: 'Bearer for-elsewhere' } });
    await stack.http.patch(`/api/v1/procedures/${procedure.id}`).set(bearer(owner.token)).send({ steps: resent }).expect(200);
  });

  it('integrations: a URL moved to another destination must carry its secret headers again', async () => {
    const apiKey = `sk_live_${randomUUID()}`;
    const path = `/relay/${randomUUID()}`;
    const created = await stack.http
      .post('/api/v1/integrations')
      .set(bearer(owner.token))
      .send({
        name: 'moved relay',
        platform: 'apm',
        webhook_config: { url: `${receiver.url}${path}`, events: ['incident.created'], secret_headers: { 'X-Api-Key': apiKey } },
      })
      .expect(201);
    const id = created.body.data.id as string;
    const read = created.body.data.webhook_config as Record<string, unknown>;
    const { secret_headers: _omitted, ...withoutSecrets } = read;
    for (const webhookConfig of [
      { ...read, url: `${elsewhere.url}${path}` },
      { ...withoutSecrets, url: `${elsewhere.url}${path}` },
      { ...read, url: `${receiver.url.replace('http:', 'https:')}${path}` },
    ]) {
      const refused = await stack.http
        .patch(`/api/v1/integrations/${id}`)
        .set(bearer(owner.token))
        .send({ webhook_config: webhookConfig })
        .expect(422);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'body.webhook_config.secret_headers.X-Api-Key' })]);
    }
    await stack.http
      .patch(`/api/v1/integrations/${id}`)
      .set(bearer(owner.token))
      .send({ webhook_config: { ...read, url: `${elsewhere.url}${path}`, secret_headers: { 'X-Api-Key': 'for-elsewhere' } } })
      .expect(200);

    await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'moved relay delivery' }).expect(201);
    const request = await waitFor('the delivery', async () => elsewhere.requests.find((hit) => hit.url.startsWith(path)), {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    expect(request.headers['x-api-key']).toBe('for-elsewhere');
    expect(elsewhere.requests.filter((hit) => JSON.stringify(hit.headers).includes(apiKey))).toEqual([]);
  });

  it('integrations: a key with only integrations:update cannot aim {{integration.secret}} at another receiver', async () => {
    const path = `/signed/${randomUUID()}`;
    const created = await stack.http
      .post('/api/v1/integrations')
      .set(bearer(owner.token))
      .send({
        name: 'signed relay',
        platform: 'metrics_alerts',
        webhook_config: {
          url: `${receiver.url}${path}`,
          events: ['incident.created'],
          headers: { 'X-Signed-By': '{{integration.secret}}' },
        },
      })
      .expect(201);
    const id = created.body.data.id as string;
    const inboundSecret = created.body.data.webhook_secret as string;
    const config = created.body.data.webhook_config as Record<string, unknown>;
    const key = await createApiKey(stack.http, owner.token, {
      name: 'update only',
      permissions: ['integrations:read', 'integrations:update'],
    });
    const asKey = (body: object) => stack.http.patch(`/api/v1/integrations/${id}`).set('X-API-Key', key.api_key).send(body);

    // Another host (here: port) with the secret in a header, or the placeholder added where it was not: refused.
    const moved = await asKey({ webhook_config: { ...config, url: `${elsewhere.url}${path}` } }).expect(403);
    expect(moved.body).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS' });
    const other = await stack.http
      .post('/api/v1/integrations')
      .set(bearer(owner.token))
      .send({
        name: 'plain relay',
        platform: 'apm',
        webhook_config: { url: `${elsewhere.url}/plain${path}`, events: ['incident.created'] },
      })
      .expect(201);
    await stack.http
      .patch(`/api/v1/integrations/${other.body.data.id as string}`)
      .set('X-API-Key', key.api_key)
      .send({ webhook_config: { ...other.body.data.webhook_config, headers: { 'X-Leak': '{{ integration.secret }}' } } })
      .expect(403);
    // The same receiver (another path) stays the key's to edit; an owner may move the secret.
    await asKey({ webhook_config: { ...config, url: `${receiver.url}${path}?v=2` } }).expect(200);
    const stored = (await row('select webhook_config::text as config from integrations where id = ?', id)).config as string;
    expect((JSON.parse(stored) as { url: string }).url).toBe(`${receiver.url}${path}?v=2`);
    await stack.http
      .patch(`/api/v1/integrations/${id}`)
      .set(bearer(owner.token))
      .send({ webhook_config: { ...config, url: `${elsewhere.url}${path}` } })
      .expect(200);

    // Only the owner's move sent it there, to the receiver the owner chose.
    await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'signed relay delivery' }).expect(201);
    const request = await waitFor('the delivery', async () => elsewhere.requests.find((hit) => hit.url.startsWith(path)), {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    expect(request.headers['x-signed-by']).toBe(inboundSecret);
  });
});
