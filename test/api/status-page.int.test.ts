import { randomUUID } from 'node:crypto';
import { waitFor } from '../../dev/wait-for.ts';
import { resolveMailpit, startMailpit, type RunningMailpit } from '../../dev/mailpit.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

type Owner = Awaited<ReturnType<typeof registerOwner>>;

/**
 * The public status page and status updates on the real stack (PostgreSQL, Temporal, the worker's
 * outbox relay, Mailpit): what the page shows and never shows, subscriptions with double opt-in,
 * one mail per update, and unsubscribing from the link alone.
 */
describe('status updates and the public status page (integration: real PostgreSQL, Temporal, worker and Mailpit)', () => {
  let mailpit: RunningMailpit;
  let stack: TestStack;
  let acme: Owner;
  let other: Owner;
  const slug = `acme-${randomUUID().slice(0, 8)}`;
  const otherSlug = `other-${randomUUID().slice(0, 8)}`;
  const domain = `status.${slug}.example`;

  beforeAll(async () => {
    mailpit = await startMailpit(await resolveMailpit({ explicitPath: process.env.MAILPIT_PATH || undefined, cacheDir: toolCacheDir() }));
    stack = await startTestStack({ worker: true, env: { SMTP_URL: mailpit.smtpUrl } });
    acme = await registerOwner(stack.http, 'status-acme');
    other = await registerOwner(stack.http, 'status-other');
    await stack.http.put('/api/v1/status-page').set(bearer(acme.token)).send({ slug, title: 'Acme', enabled: true }).expect(200);
  }, 10 * 60_000);
  afterAll(async () => {
    await stack?.stop();
    await mailpit?.stop();
  });

  const mailsTo = async (to: string, subject: RegExp) =>
    (await mailpit.messages()).filter(
      (message) => message.to.some((address) => address.toLowerCase() === to.toLowerCase()) && subject.test(message.subject),
    );
  const waitForMails = (to: string, subject: RegExp, count = 1) =>
    waitFor(
      `${count} mail(s) "${subject.source}" to ${to}`,
      async () => {
        const mails = await mailsTo(to, subject);
        return mails.length >= count ? mails : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
  /** The path and query of a link in a mail (the stack's PUBLIC_URL host is not the test's). */
  const linkIn = (text: string, label: string) => {
    const url = new RegExp(`${label}: (\\S+)`).exec(text)?.[1];
    if (!url) throw new Error(`no ${label} link in: ${text}`);
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };

  const incident = async (owner: Owner, title: string, severity = 'critical') =>
    (await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title, severity }).expect(201)).body.data as { id: string };
  const post = async (owner: Owner, incidentId: string, update: Record<string, unknown>) =>
    (await stack.http.post(`/api/v1/incidents/${incidentId}/status-updates`).set(bearer(owner.token)).send(update).expect(201)).body
      .data as { id: string };
  const integration = async (owner: Owner, name: string) =>
    (
      await stack.http
        .post('/api/v1/integrations')
        .set(bearer(owner.token))
        .send({ name, platform: 'metrics_alerts', secret: 'status-page-secret-0123456789abcdef' })
        .expect(201)
    ).body.data.id as string;
  const until = <T>(what: string, check: () => Promise<T | undefined>) => waitFor(what, check, { timeoutMs: 15_000, intervalMs: 100 });
  const summary = async (pageSlug: string) => (await stack.http.get(`/status/${pageSlug}/summary.json`).expect(200)).body;

  it('shows components, their derived status and public updates only: never an internal update, a private incident or another organization', async () => {
    const api = await integration(acme, 'API monitoring');
    await stack.http.put('/api/v1/status-page').set(bearer(acme.token)).send({ slug, title: 'Acme', enabled: true }).expect(200);
    const component = await stack.http
      .post('/api/v1/status-page/components')
      .set(bearer(acme.token))
      .send({ name: 'Public API', integration_ids: [api] })
      .expect(201);
    expect(component.body.data.status).toBe('operational');
    await stack.http.post('/api/v1/status-page/components').set(bearer(acme.token)).send({ name: 'Dashboard' }).expect(201);
    // A mapping to another organization's integration is refused.
    const foreign = await integration(other, 'Other monitoring');
    await stack.http
      .post('/api/v1/status-page/components')
      .set(bearer(acme.token))
      .send({ name: 'Sneaky', integration_ids: [foreign] })
      .expect(422);

    // The other organization: its own page, component and public incident.
    await stack.http
      .put('/api/v1/status-page')
      .set(bearer(other.token))
      .send({ slug: otherSlug, title: 'Other', enabled: true })
      .expect(200);
    await stack.http
      .post('/api/v1/status-page/components')
      .set(bearer(other.token))
      .send({ name: 'Other-secret-component', integration_ids: [foreign] })
      .expect(201);
    const otherIncident = await incident(other, 'Other incident');
    await post(other, otherIncident.id, { kind: 'investigating', body: 'Other-public-text', visibility: 'public', title: 'Other outage' });
    // The slug is taken.
    await stack.http.put('/api/v1/status-page').set(bearer(acme.token)).send({ slug: otherSlug, title: 'Acme', enabled: true }).expect(409);

    const outage = await incident(acme, 'Internal title: replication lag on secret-db-3');
    await stack.sql('update incidents set integration_id = ? where id = ?', [api, outage.id]);
    await post(acme, outage.id, { kind: 'investigating', body: 'internal-note-do-not-publish', visibility: 'internal' });
    const hidden = await incident(acme, 'Private incident nobody published');
    await post(acme, hidden.id, { kind: 'identified', body: 'private-incident-note', visibility: 'internal' });
    await post(acme, outage.id, {
      kind: 'identified',
      body: 'Elevated API errors; a fix is rolling out.',
      visibility: 'public',
      title: 'API errors',
    });

    const page = await until('the public update on the page', async () => {
      const body = await summary(slug);
      return body.incidents.length > 0 ? body : undefined;
    });
    expect(page.status).toBe('major_outage');
    expect(page.components).toEqual([
      expect.objectContaining({ name: 'Dashboard', status: 'operational' }),
      expect.objectContaining({ name: 'Public API', status: 'major_outage' }),
    ]);
    expect(page.incidents).toEqual([
      expect.objectContaining({
        id: outage.id,
        name: 'API errors',
        status: 'identified',
        components: ['Public API'],
        updates: [expect.objectContaining({ kind: 'identified', body: 'Elevated API errors; a fix is rolling out.' })],
      }),
    ]);

    const html = (
      await stack.http
        .get(`/status/${slug}`)
        .expect(200)
        .expect('Content-Type', /text\/html/)
    ).text;
    const atom = (
      await stack.http
        .get(`/status/${slug}/feed.atom`)
        .expect(200)
        .expect('Content-Type', /atom\+xml/)
    ).text;
    for (const text of [html, atom, JSON.stringify(page)]) {
      expect(text).toContain('Elevated API errors');
      for (const secret of [
        'internal-note-do-not-publish',
        'secret-db-3',
        'Private incident',
        'private-incident-note',
        'Other-secret-component',
        'Other-public-text',
        hidden.id,
      ]) {
        expect(text).not.toContain(secret);
      }
    }
    expect(html).toContain('Public API');
    // The other organization's page shows its own, and nothing of Acme's.
    const otherPage = JSON.stringify(await summary(otherSlug));
    expect(otherPage).toContain('Other-public-text');
    expect(otherPage).not.toContain('Public API');
    expect(otherPage).not.toContain('Elevated API errors');

    // The team sees every update, internal ones included, and the timeline has them.
    const updates = await stack.http.get(`/api/v1/incidents/${outage.id}/status-updates`).set(bearer(acme.token)).expect(200);
    expect(updates.body.data.map((update: { visibility: string }) => update.visibility)).toEqual(['public', 'internal']);
    await stack.http.get(`/api/v1/incidents/${outage.id}/status-updates`).set(bearer(other.token)).expect(404);
    const timeline = await stack.sql<{ type: string }>(
      `select type from incident_timeline where incident_id = ? and type = 'status_update'`,
      [outage.id],
    );
    expect(timeline).toHaveLength(2);

    // An override wins over the derived status.
    await stack.http
      .patch(`/api/v1/status-page/components/${component.body.data.id}`)
      .set(bearer(acme.token))
      .send({ status_override: 'degraded_performance' })
      .expect(200);
    await until(
      'the override on the page',
      async () =>
        (await summary(slug)).components.some(
          (item: { name: string; status: string }) => item.name === 'Public API' && item.status === 'degraded_performance',
        ) || undefined,
    );
    // Another organization cannot touch Acme's components.
    await stack.http.delete(`/api/v1/status-page/components/${component.body.data.id}`).set(bearer(other.token)).expect(404);
  }, 120_000);

  it('refuses bad input on each of its operations with 422 and the field at fault, changing nothing', async () => {
    const target = await incident(acme, 'Bad input target');
    const cases: Array<{ method: 'put' | 'post'; path: string; body: Record<string, unknown>; field: string }> = [
      { method: 'put', path: '/api/v1/status-page', body: { slug: 'Not A Slug!', title: 'Acme', enabled: true }, field: 'body.slug' },
      { method: 'post', path: '/api/v1/status-page/components', body: { name: '' }, field: 'body.name' },
      {
        method: 'post',
        path: '/api/v1/status-page/components',
        body: { name: 'API', status_override: 'on fire' },
        field: 'body.status_override',
      },
      { method: 'post', path: `/api/v1/incidents/${target.id}/status-updates`, body: { kind: 'panicking', body: 'x' }, field: 'body.kind' },
      { method: 'post', path: `/api/v1/incidents/${target.id}/subscribers`, body: { email: 'not an address' }, field: 'body.email' },
    ];
    const before = (await stack.http.get('/api/v1/status-page/components').set(bearer(acme.token)).expect(200)).body.data.length as number;
    for (const { method, path, body, field } of cases) {
      const answer = await stack.http[method](path).set(bearer(acme.token)).send(body).expect(422);
      expect({ path, code: answer.body.code, fields: answer.body.errors.map((error: { path: string }) => error.path) }).toEqual({
        path,
        code: 'VALIDATION_ERROR',
        fields: expect.arrayContaining([field]),
      });
    }
    expect((await stack.http.get('/api/v1/status-page/components').set(bearer(acme.token)).expect(200)).body.data).toHaveLength(before);
    expect((await stack.http.get(`/api/v1/incidents/${target.id}/status-updates`).set(bearer(acme.token)).expect(200)).body.data).toEqual(
      [],
    );
  });

  it('answers 304 to a matching If-None-Match, is cacheable, 404s an unknown or disabled page, and serves a custom domain by Host', async () => {
    const first = await stack.http.get(`/status/${slug}`).expect(200);
    expect(first.headers['cache-control']).toMatch(/public/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    await stack.http.get(`/status/${slug}`).set('If-None-Match', etag).expect(304);
    await stack.http.get(`/status/${slug}`).set('If-None-Match', '"stale"').expect(200);
    await stack.http.get(`/status/no-such-page-${randomUUID().slice(0, 8)}`).expect(404);

    await stack.http
      .put('/api/v1/status-page')
      .set(bearer(acme.token))
      .send({ slug, title: 'Acme', enabled: true, custom_domain: domain })
      .expect(200);
    const byHost = await stack.http
      .get('/')
      .set('Host', domain)
      .expect(200)
      .expect('Content-Type', /text\/html/);
    expect(byHost.text).toContain('Acme status');
    expect(byHost.text).toContain('action="/subscribe"');
    const byHostJson = await stack.http.get('/summary.json').set('Host', domain).expect(200);
    expect(byHostJson.body.slug).toBe(slug);
    // Another organization cannot claim the domain.
    await stack.http
      .put('/api/v1/status-page')
      .set(bearer(other.token))
      .send({ slug: otherSlug, title: 'Other', enabled: true, custom_domain: domain })
      .expect(409);
    // A disabled page is not served (within the second a rendering is kept).
    await stack.http
      .put('/api/v1/status-page')
      .set(bearer(other.token))
      .send({ slug: otherSlug, title: 'Other', enabled: false })
      .expect(200);
    // Each rendering (HTML, JSON) is kept for its own second: both must go.
    const gone = async (path: string) => (await stack.http.get(path)).status === 404;
    await until('the disabled page gone', async () =>
      (await gone(`/status/${otherSlug}`)) && (await gone(`/status/${otherSlug}/summary.json`)) ? true : undefined,
    );
  }, 60_000);

  it('mails each confirmed subscriber exactly one mail per public update, members internal ones too, and unsubscribes from the link alone', async () => {
    const outside = `reader-${randomUUID().slice(0, 8)}@example.test`;
    const pending = `pending-${randomUUID().slice(0, 8)}@example.test`;
    const watched = await incident(acme, 'Checkout latency');

    // Double opt-in: the page's form mails a confirmation link; nothing is sent before it is followed.
    await stack.http
      .post(`/status/${slug}/subscribe`)
      .type('form')
      .send({ email: outside })
      .expect(200)
      .expect('Content-Type', /text\/html/);
    await stack.http.post(`/status/${slug}/subscribe`).type('form').send({ email: pending }).expect(200);
    const [confirmation] = await waitForMails(outside, /^Confirm your subscription/);
    const confirm = linkIn((confirmation as { text: string }).text, 'Confirm');
    await stack.http
      .get(confirm)
      .expect(200)
      .expect('Content-Type', /text\/html/);
    await stack.http.post(confirm).expect(200);
    await stack.http.post(confirm.replace(/token=[^&]+/, 'token=v1.forged')).expect(404);
    // The owner follows the incident: confirmed at once, internal updates included.
    await stack.http.post(`/api/v1/incidents/${watched.id}/subscribers`).set(bearer(acme.token)).send({}).expect(201);
    // A customer's address added to the incident: double opt-in too, then public updates only.
    const customer = `customer-${randomUUID().slice(0, 8)}@example.test`;
    const added = await stack.http
      .post(`/api/v1/incidents/${watched.id}/subscribers`)
      .set(bearer(acme.token))
      .send({ email: customer })
      .expect(201);
    expect(added.body.data).toMatchObject({ email: customer, user_id: null, confirmed: false });
    await stack.http.post(`/api/v1/incidents/${watched.id}/subscribers`).set(bearer(other.token)).send({ email: customer }).expect(404);
    const [customerConfirmation] = await waitForMails(customer, /^Confirm your subscription/);
    await stack.http.post(linkIn((customerConfirmation as { text: string }).text, 'Confirm')).expect(200);
    // The same customer also subscribes to the whole page: still one mail per update.
    await stack.http.post(`/status/${slug}/subscribe`).type('form').send({ email: customer.toUpperCase() }).expect(200);
    const pageConfirmation = (await waitForMails(customer, /^Confirm your subscription/, 2))[1];
    await stack.http.post(linkIn((pageConfirmation as { text: string }).text, 'Confirm')).expect(200);

    const first = /Investigating: Checkout slow/;
    await post(acme, watched.id, {
      kind: 'investigating',
      body: 'Checkout is slow for some customers.',
      visibility: 'public',
      title: 'Checkout slow',
    });
    await post(acme, watched.id, { kind: 'investigating', body: 'internal-only-remark', visibility: 'internal' });
    const second = /Monitoring: Checkout slow/;
    await post(acme, watched.id, { kind: 'monitoring', body: 'A fix is deployed; we are watching.', visibility: 'public' });

    // Each update's mails are a workflow of their own: they may arrive in any order. Wait for every
    // address's mail of each update, then count: exactly one each, whichever scopes it subscribed to.
    const [mail] = await waitForMails(outside, second);
    for (const address of [outside, acme.email, customer]) {
      for (const update of [first, second]) await waitForMails(address, update);
    }
    await waitForMails(acme.email, /Investigating: Checkout latency/);
    for (const address of [outside, acme.email, customer]) {
      for (const update of [first, second])
        expect({ address, update: update.source, mails: (await mailsTo(address, update)).length }).toEqual({
          address,
          update: update.source,
          mails: 1,
        });
    }
    expect(await mailsTo(customer, /Checkout latency/)).toEqual([]);
    // The internal update reached the member, never the outside address, and the pending address got nothing.
    expect(
      (await mailpit.messages()).filter((message) => message.to.includes(outside) && message.text.includes('internal-only-remark')),
    ).toEqual([]);
    expect(await mailsTo(pending, /Checkout/)).toEqual([]);

    // RFC 8058 headers, and the link alone unsubscribes: no login, no cookie.
    const headers = (await (await fetch(`${mailpit.httpUrl}/api/v1/message/${(mail as { id: string }).id}/headers`)).json()) as Record<
      string,
      string[]
    >;
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    const unsubscribe = linkIn((mail as { text: string }).text, 'Unsubscribe');
    expect(headers['List-Unsubscribe']?.[0]).toContain(unsubscribe.replace(/^.*\?/, ''));
    await stack.http
      .get(unsubscribe)
      .expect(200)
      .expect('Content-Type', /text\/html/);
    // One-click: the mail client POSTs `List-Unsubscribe=One-Click` to the header's URL.
    await stack.http.post(unsubscribe).type('form').send('List-Unsubscribe=One-Click').expect(200);
    await stack.http.post(unsubscribe).type('form').send('List-Unsubscribe=One-Click').expect(200);

    const third = /Resolved: Checkout slow/;
    await post(acme, watched.id, { kind: 'resolved', body: 'Checkout is back to normal.', visibility: 'public' });
    await waitForMails(acme.email, third);
    expect(await mailsTo(outside, third)).toEqual([]);
    const rows = await stack.sql<{ n: number }>('select count(*)::int as n from status_subscribers where lower(email) = lower(?)', [
      outside,
    ]);
    expect(rows[0]?.n).toBe(0);
  }, 120_000);
});
