import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { createApiKey } from '../helpers/api-keys.ts';
import { alertmanagerBody, createIntegration, postSigned } from '../helpers/webhooks.ts';
import { escalationEnded, PAGE_SUBJECT } from '../helpers/escalation.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { mailsTo, waitForMail } from '../helpers/outbox.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

interface ContactMethod {
  id: string;
  user_id: string;
  type: string;
  label: string;
  address: string | null;
  webhook: { destination: string; header_names: string[]; template: unknown } | null;
  verified: boolean;
}

const VERIFY = /^Confirm this address for Tocsin pages$/;

/**
 * Contact methods and notification rules through the API on real PostgreSQL and Temporal:
 * verification links, webhook URLs kept write-only, test pages and escalation pages through a local
 * receiver (OUTBOUND_ALLOW_PRIVATE, as in development), and that each member sees and changes only their own.
 */
describe('contact methods and notification rules (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let member: Member;
  let stranger: Awaited<ReturnType<typeof registerOwner>>;
  beforeAll(async () => {
    stack = await startTestStack({ worker: true, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    owner = await registerOwner(stack.http, 'contacts');
    member = await addMember(stack, owner.token, 'viewer', 'contacts-member');
    stranger = await registerOwner(stack.http, 'contacts-stranger');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const create = (token: string, body: object) => stack.http.post('/api/v1/users/me/contact-methods').set(bearer(token)).send(body);

  it('an address other than the account email is verified by a single-use link: GET changes nothing, POST verifies once', async () => {
    const own = (await create(owner.token, { type: 'email', address: owner.email.toUpperCase() }).expect(201)).body.data as ContactMethod;
    expect(own).toMatchObject({ type: 'email', address: owner.email, verified: true, webhook: null });

    const address = `phone-${randomUUID().slice(0, 8)}@example.test`;
    const other = (await create(owner.token, { type: 'email', label: 'Phone', address }).expect(201)).body.data as ContactMethod;
    expect(other).toMatchObject({ label: 'Phone', address, verified: false });
    // Unverified: no test page to an address nobody confirmed.
    expect(
      (await stack.http.post(`/api/v1/users/me/contact-methods/${other.id}/test`).set(bearer(owner.token)).expect(409)).body.code,
    ).toBe('CONFLICT');

    // Asking for another link at once is refused: nobody can mail-bomb an address they typed in.
    const again = await stack.http.post(`/api/v1/users/me/contact-methods/${other.id}/verification`).set(bearer(owner.token)).expect(429);
    expect(again.body.code).toBe('RATE_LIMITED');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    const mail = await waitForMail(stack, address, VERIFY);
    expect(await mailsTo(stack, address, VERIFY)).toHaveLength(1);
    const link = /^(http\S+\/contact-method-verifications\/\S+)$/m.exec(mail.body)?.[1];
    expect(link).toBeDefined();
    const path = new URL(link as string).pathname;
    const page = await stack.http.get(path).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(address);
    const still = (await stack.http.get(`/api/v1/users/me/contact-methods/${other.id}`).set(bearer(owner.token)).expect(200)).body.data;
    expect(still.verified).toBe(false);

    expect((await stack.http.post(path).expect(200)).text).toContain('Address confirmed');
    const verified = (await stack.http.get(`/api/v1/users/me/contact-methods/${other.id}`).set(bearer(owner.token)).expect(200)).body.data;
    expect(verified.verified).toBe(true);
    await stack.http.post(path).expect(404);
    await stack.http.get(path).expect(404);
    // A verified method needs no link.
    await stack.http.post(`/api/v1/users/me/contact-methods/${other.id}/verification`).set(bearer(owner.token)).expect(409);
    await stack.http.post(`/api/v1/contact-method-verifications/${randomUUID()}`).expect(404);

    // Now a test page reaches it.
    const test = await stack.http.post(`/api/v1/users/me/contact-methods/${other.id}/test`).set(bearer(owner.token)).expect(200);
    expect(test.body.data).toEqual({ status: 'sent', error: null });
    expect((await mailsTo(stack, address, /^\[TEST\] /)).map((sent) => sent.body)).toEqual([expect.stringContaining('test page')]);
  });

  it('creating and deleting an email method in a loop mails the address once a minute, per organization', async () => {
    const address = `looped-${randomUUID().slice(0, 8)}@example.test`;
    const first = (await create(owner.token, { type: 'email', address }).expect(201)).body.data as ContactMethod;
    await stack.http.delete(`/api/v1/users/me/contact-methods/${first.id}`).set(bearer(owner.token)).expect(204);
    for (let round = 0; round < 6; round += 1) {
      const refused = await create(owner.token, { type: 'email', address: round % 2 ? address.toUpperCase() : address }).expect(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another member of the organization typing the same address shares the limit.
    await create(member.token, { type: 'email', address }).expect(429);
    expect(await mailsTo(stack, address, VERIFY)).toHaveLength(1);
    // Another organization is not held back by this one.
    await create(stranger.token, { type: 'email', address }).expect(201);
    expect(await mailsTo(stack, address, VERIFY)).toHaveLength(2);
    const methods = await stack.http.get('/api/v1/users/me/contact-methods').set(bearer(owner.token)).expect(200);
    expect((methods.body.data as ContactMethod[]).filter((method) => method.address === address)).toEqual([]);
  });

  it('a webhook method keeps its URL and headers write-only; the test page renders the template and goes through the outbound client', async () => {
    const receiver = await startReceiver();
    try {
      const url = `${receiver.url}/services/T000/B000/secret-token-${randomUUID().slice(0, 6)}?sig=hidden`;
      const created = await create(member.token, {
        type: 'webhook',
        label: 'Team chat',
        url,
        headers: { Authorization: 'Bearer sms-gateway-secret' },
        template: {
          text: ':rotating_light: {{page.message}}',
          blocks: [{ title: '{{incident.title}}', sev: '{{incident.severity}}', x: '{{process.env}}' }],
        },
      }).expect(201);
      const method = created.body.data as ContactMethod;
      expect(method).toMatchObject({
        type: 'webhook',
        verified: true,
        address: null,
        webhook: { destination: `http://127.0.0.1:${receiver.port}`, header_names: ['Authorization'] },
      });
      const listed = await stack.http.get('/api/v1/users/me/contact-methods').set(bearer(member.token)).expect(200);
      for (const text of [created.text, listed.text]) {
        expect(text).not.toContain('secret-token');
        expect(text).not.toContain('sms-gateway-secret');
        expect(text).not.toContain('hidden');
      }
      // Sealed at rest too.
      const [row] = await stack.orm.em
        .fork()
        .execute<Array<Record<string, unknown>>>('select * from contact_methods where id = ?', [method.id]);
      expect(JSON.stringify(row)).not.toContain('secret-token');

      const test = await stack.http.post(`/api/v1/users/me/contact-methods/${method.id}/test`).set(bearer(member.token)).expect(200);
      expect(test.body.data).toEqual({ status: 'sent', error: null });
      expect(receiver.requests).toHaveLength(1);
      const [request] = receiver.requests;
      expect(request?.method).toBe('POST');
      expect(request?.url).toBe(new URL(url).pathname + new URL(url).search);
      expect(request?.headers.authorization).toBe('Bearer sms-gateway-secret');
      expect(request?.headers['content-type']).toBe('application/json');
      const body = JSON.parse(request?.body ?? '{}');
      expect(body.text).toMatch(/^:rotating_light: \[TEST\] \[INFO\] Test page \(level 1\) http/);
      expect(body.blocks).toEqual([{ title: 'Test page', sev: 'info', x: '' }]);

      // A receiver that fails: the test page says so, and the error does not carry the URL's secret path.
      receiver.setStatus(() => 500);
      const failed = await stack.http.post(`/api/v1/users/me/contact-methods/${method.id}/test`).set(bearer(member.token)).expect(200);
      expect(failed.body.data).toEqual({ status: 'failed', error: 'Receiver answered HTTP 500' });

      // A new URL replaces the headers too: they never follow a URL to another receiver.
      const moved = await stack.http
        .patch(`/api/v1/users/me/contact-methods/${method.id}`)
        .set(bearer(member.token))
        .send({ url: 'https://hooks.example.test/other' })
        .expect(200);
      expect(moved.body.data.webhook).toMatchObject({ destination: 'https://hooks.example.test:443', header_names: [] });
      await stack.http
        .patch(`/api/v1/users/me/contact-methods/${method.id}`)
        .set(bearer(member.token))
        .send({ headers: { Authorization: 'x' } })
        .expect(422);
    } finally {
      await receiver.close();
    }
  });

  it('refuses bad input with the contract codes', async () => {
    for (const body of [
      { type: 'sms', address: '+4912345' },
      { type: 'email', address: 'not an address' },
      { type: 'webhook', label: 'x', url: 'ftp://example.test/x' },
      { type: 'webhook', label: 'x', url: 'https://example.test/x', template: 'a string' },
      { type: 'webhook', label: 'x', url: 'https://example.test/x', headers: { 'Bad Header': 'x' } },
      { type: 'webhook', label: 'x', url: 'https://example.test/x', headers: { Host: 'internal.example.test' } },
      { type: 'webhook', label: 'x', url: 'https://example.test/x', headers: { 'X-A': 'a\r\nX-Injected: b' } },
      // A host name longer than DNS allows (it would also overflow the stored destination).
      { type: 'webhook', label: 'x', url: `https://${`${'a'.repeat(63)}.`.repeat(4)}example/x` },
    ]) {
      expect((await create(member.token, body).expect(422)).body.code).toBe('VALIDATION_ERROR');
    }
    for (const body of [
      { contact_method_id: randomUUID() },
      { contact_method_id: randomUUID(), urgency: 'urgent' },
      { contact_method_id: randomUUID(), delay_minutes: -1 },
    ]) {
      expect(
        (await stack.http.post('/api/v1/users/me/notification-rules').set(bearer(member.token)).send(body).expect(422)).body.code,
      ).toBe('VALIDATION_ERROR');
    }
  });

  it("each member manages only their own methods and rules; another member's or organization's are not found", async () => {
    const mine = (await create(member.token, { type: 'email', address: member.email }).expect(201)).body.data as ContactMethod;
    const rule = (
      await stack.http
        .post('/api/v1/users/me/notification-rules')
        .set(bearer(member.token))
        .send({ contact_method_id: mine.id, delay_minutes: 5, urgency: 'low' })
        .expect(201)
    ).body.data;
    expect(rule).toMatchObject({
      user_id: member.user.id,
      contact_method_id: mine.id,
      contact_method_type: 'email',
      delay_minutes: 5,
      urgency: 'low',
    });

    for (const other of [owner.token, stranger.token]) {
      await stack.http.get(`/api/v1/users/me/contact-methods/${mine.id}`).set(bearer(other)).expect(404);
      await stack.http.patch(`/api/v1/users/me/contact-methods/${mine.id}`).set(bearer(other)).send({ label: 'taken' }).expect(404);
      await stack.http.post(`/api/v1/users/me/contact-methods/${mine.id}/test`).set(bearer(other)).expect(404);
      await stack.http.delete(`/api/v1/users/me/contact-methods/${mine.id}`).set(bearer(other)).expect(404);
      await stack.http.get(`/api/v1/users/me/notification-rules/${rule.id}`).set(bearer(other)).expect(404);
      await stack.http.patch(`/api/v1/users/me/notification-rules/${rule.id}`).set(bearer(other)).send({ delay_minutes: 1 }).expect(404);
      await stack.http.delete(`/api/v1/users/me/notification-rules/${rule.id}`).set(bearer(other)).expect(404);
      // A rule cannot point at someone else's method (it would page them, or page through them).
      const pointed = await stack.http
        .post('/api/v1/users/me/notification-rules')
        .set(bearer(other))
        .send({ contact_method_id: mine.id })
        .expect(422);
      expect(pointed.body.errors).toEqual([expect.objectContaining({ path: 'contact_method_id' })]);
      const listed = await stack.http.get('/api/v1/users/me/contact-methods').set(bearer(other)).expect(200);
      expect(listed.body.data.map((item: ContactMethod) => item.id)).not.toContain(mine.id);
      const rules = await stack.http.get('/api/v1/users/me/notification-rules').set(bearer(other)).expect(200);
      expect(rules.body.data.map((item: { id: string }) => item.id)).not.toContain(rule.id);
    }
    expect(
      (await stack.http.get(`/api/v1/users/me/contact-methods/${mine.id}`).set(bearer(member.token)).expect(200)).body.data.label,
    ).toBe(member.email);

    // An API key acts for machines: it may read, never add a method that would receive pages.
    const key = (await createApiKey(stack.http, owner.token, { name: 'ci', permissions: ['incidents:read'] })).api_key;
    await stack.http.get('/api/v1/users/me/contact-methods').set('X-API-Key', key).expect(200);
    const refused = await stack.http
      .post('/api/v1/users/me/contact-methods')
      .set('X-API-Key', key)
      .send({ type: 'webhook', label: 'exfiltrate', url: 'https://attacker.example.test/x' })
      .expect(403);
    expect(refused.body.code).toBe('INSUFFICIENT_PERMISSIONS');

    // Removing a method removes its rules.
    await stack.http.delete(`/api/v1/users/me/contact-methods/${mine.id}`).set(bearer(member.token)).expect(204);
    await stack.http.get(`/api/v1/users/me/notification-rules/${rule.id}`).set(bearer(member.token)).expect(404);
  });

  it('an escalation pages through the rules on the real stack: the webhook at once with the rendered template, the email rule after its delay, each once', async () => {
    const receiver = await startReceiver();
    try {
      const paged = await registerOwner(stack.http, 'contacts-paged');
      const hook = (
        await create(paged.token, {
          type: 'webhook',
          label: 'Chat',
          url: `${receiver.url}/incoming/secret`,
          template: { text: '{{page.message}}', incident: '{{incident.id}}', level: '{{page.level}}' },
        }).expect(201)
      ).body.data as ContactMethod;
      const mail = (await create(paged.token, { type: 'email', address: paged.email }).expect(201)).body.data as ContactMethod;
      const rule = (body: object) => stack.http.post('/api/v1/users/me/notification-rules').set(bearer(paged.token)).send(body).expect(201);
      await rule({ contact_method_id: hook.id, delay_minutes: 0, urgency: 'high' });
      await rule({ contact_method_id: mail.id, delay_minutes: 0.05, urgency: 'any' });
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(paged.token))
        .send({ name: 'Me', is_default: true, levels: [{ targets: [{ type: 'user', id: paged.user.id }], delay_minutes: 30 }] })
        .expect(201);
      const integration = await createIntegration(stack.http, paged.token, 'metrics_alerts');
      const host = `rules-${randomUUID().slice(0, 8)}`;
      await postSigned(stack.http, 'metrics_alerts', integration, alertmanagerBody(host, 'firing', `${host} is down`)).expect(200);
      const request = await waitFor('the webhook page', async () => receiver.requests[0], { timeoutMs: 30_000, intervalMs: 50 });
      const body = JSON.parse(request.body) as { text: string; incident: string; level: string };
      expect(body.text).toContain(`${host} is down`);
      expect(body.level).toBe('1');
      // The email rule waits its 3 s: nothing mailed yet.
      expect(await mailsTo(stack, paged.email, PAGE_SUBJECT)).toEqual([]);
      const page = await waitForMail(stack, paged.email, PAGE_SUBJECT);
      expect(page.body).toContain(`${host} is down`);
      // A page is recorded a moment after its message went out.
      const escalation = await waitFor(
        'both pages recorded',
        async () => {
          const state = (await stack.http.get(`/api/v1/incidents/${body.incident}/escalation`).set(bearer(paged.token)).expect(200)).body
            .data as { pages: Array<{ method: string; status: string; contact_method_id: string; created_at: string }> };
          return state.pages.length >= 2 ? state : undefined;
        },
        { timeoutMs: 20_000, intervalMs: 100 },
      );
      expect(escalation.pages).toEqual([
        expect.objectContaining({ method: 'webhook', status: 'sent', contact_method_id: hook.id }),
        expect.objectContaining({ method: 'email', status: 'sent', contact_method_id: mail.id }),
      ]);
      // The rule's delay counts from the page, which comes after the incident opened: the email page is
      // at least 3 s after the incident (the webhook page's own row is written a moment after the page time).
      const opened = Date.parse(
        (await stack.http.get(`/api/v1/incidents/${body.incident}`).set(bearer(paged.token)).expect(200)).body.data.created_at as string,
      );
      const [first, second] = escalation.pages.map((sent) => Date.parse(sent.created_at)) as [number, number];
      expect(second - opened).toBeGreaterThanOrEqual(3_000);
      expect(second - first).toBeGreaterThanOrEqual(2_000);
      await stack.http.patch(`/api/v1/incidents/${body.incident}`).set(bearer(paged.token)).send({ status: 'resolved' }).expect(200);
      await escalationEnded(stack.http, paged.token, body.incident);
      // Each rule paged once.
      expect(receiver.requests).toHaveLength(1);
      expect(await mailsTo(stack, paged.email, PAGE_SUBJECT)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
