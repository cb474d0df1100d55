import type { Browser } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { freePort } from '../../shared/net/free-port.ts';
import { createChannelLinks } from '../../shared/paging/channel-link-token.ts';
import { expectAccessibleInBothThemes, launchChromium, signInThroughPage } from '../helpers/browser.ts';
import { escalationOf } from '../helpers/escalation.ts';
import { startFakeNtfy, type FakeNtfy } from '../helpers/fake-ntfy.ts';
import { listen } from '../helpers/listening-stack.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

// Channels in Debian's Chromium against the real API and PostgreSQL, the push server a fake ntfy
// that checks access tokens as ntfy does: a member adds a push contact method and confirms it with
// the code the phone got, is paged by push and acknowledges from the notification's button, links a
// chat account from a channel's link, and an owner connects ntfy. The worker runs the escalations.
describe('the console: push contact methods, channel links, chat and phone connections', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;
  let ntfy: FakeNtfy;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let member: Member;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    ntfy = await startFakeNtfy({ protectedTopics: ['pager-topic'] });
    const port = await freePort();
    // The fake ntfy listens on loopback, which the outbound client refuses unless allowed.
    stack = await startTestStack({ worker: true, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, OUTBOUND_ALLOW_PRIVATE: 'true' } });
    server = await listen(stack, { port });
    owner = await registerOwner(stack.http, 'console-channels');
    member = await addMember(stack, owner.token, 'engineer', 'pager');
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
    await ntfy?.stop();
  });

  it('adds a push contact method, confirms it with the code ntfy delivered, and sends a test page', async () => {
    const accessToken = ntfy.addToken(['pager-topic']);
    const { context, page } = await signInThroughPage(browser, server.url, member.email, member.password);
    await page.goto('/my-paging');
    await page.getByRole('heading', { name: 'My paging', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add push (ntfy)' }).click();
    const form = page.getByRole('form', { name: 'Add push (ntfy)' });
    await form.getByLabel('Label (optional)', { exact: true }).fill('Phone');
    await form.getByLabel('Topic', { exact: true }).fill('pager-topic');
    await form.getByLabel('Server (optional)', { exact: true }).fill(ntfy.url);
    await form.getByLabel('Access token (optional)', { exact: true }).fill(accessToken);
    await expectAccessibleInBothThemes(page, 'my-paging-add-push');
    await form.getByRole('button', { name: 'Add and send the code' }).click();

    const methods = page.getByRole('list', { name: 'Your contact methods' });
    const row = methods.getByRole('listitem').filter({ hasText: 'Phone' });
    await row.getByText('unverified').waitFor();
    const sent = ntfy.messages.find((message) => message.topic === 'pager-topic');
    const code = /(\d{6})/.exec(sent?.message ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The topic and the token are write-only: the page never shows them back.
    expect(await page.content()).not.toContain(accessToken);
    await expectAccessibleInBothThemes(page, 'my-paging-verify-push');

    // A wrong code is refused with the API's reason, and the method stays unverified.
    const wrong = code === '000000' ? '111111' : '000000';
    await row.getByLabel('Code it received', { exact: true }).fill(wrong);
    await row.getByRole('button', { name: 'Verify' }).click();
    await row.getByRole('alert').waitFor();
    await row.getByLabel('Code it received', { exact: true }).fill(code as string);
    await row.getByRole('button', { name: 'Verify' }).click();
    await row.getByText('verified', { exact: true }).waitFor();
    const stored = await stack.http.get('/api/v1/users/me/contact-methods').set(bearer(member.token)).expect(200);
    expect(stored.body.data).toEqual([expect.objectContaining({ type: 'push', label: 'Phone', verified: true })]);

    await row.getByRole('button', { name: /^Send a test page to/ }).click();
    await row.getByRole('status').filter({ hasText: 'Test page sent.' }).waitFor();
    expect(ntfy.messages.at(-1)).toMatchObject({ topic: 'pager-topic' });
    expect(ntfy.messages.at(-1)?.title).toContain('[TEST]');
    await expectAccessibleInBothThemes(page, 'my-paging-push');
    await context.close();
  });

  it('pages the member by push; the notification’s Acknowledge button acknowledges, and the incident page shows it', async () => {
    const { context, page } = await signInThroughPage(browser, server.url, member.email, member.password);
    await page.goto('/my-paging');
    // The push method verified above is paged at once, as the member sets it up in the console.
    const rule = page.getByRole('form', { name: 'Add a rule' });
    const [method] = (await stack.http.get('/api/v1/users/me/contact-methods').set(bearer(member.token)).expect(200)).body.data as Array<{
      id: string;
    }>;
    await rule.getByLabel('Method').selectOption(method?.id as string);
    await rule.getByLabel('Minutes after the page').fill('0');
    await rule.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('list', { name: 'Your notification rules' }).getByText('Phone').waitFor();

    const policy = await stack.http
      .post('/api/v1/escalation-policies')
      .set(bearer(owner.token))
      .send({
        name: 'Pager first',
        levels: [
          { targets: [{ type: 'user', id: member.user.id }], delay_minutes: 30 },
          { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 30 },
        ],
      })
      .expect(201);
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .patch(`/api/v1/integrations/${integration.id}`)
      .set(bearer(owner.token))
      .send({ escalation_policy_id: policy.body.data.id as string })
      .expect(200);
    const incident = await openAlertIncident(stack.http, owner.token, integration, 'pushed');
    const pushed = await waitFor(
      'the push page reached ntfy',
      async () => ntfy.messages.find((message) => message.topic === 'pager-topic' && message.title?.includes(incident.title)),
      { timeoutMs: 30_000, intervalMs: 100 },
    );

    await page.goto(`/incidents/${incident.id}`);
    await page.getByRole('heading', { name: incident.title, level: 1 }).waitFor();
    const escalation = page.getByTestId('escalation');
    const pages = escalation.getByRole('table', { name: 'Pages' });
    await pages.getByRole('row').filter({ hasText: 'Push' }).getByText('sent', { exact: true }).waitFor();
    await escalation.getByTestId('escalation-level').filter({ hasText: '1 of 2' }).waitFor();
    await expectAccessibleInBothThemes(page, 'incident-paged-by-push');

    // The lock-screen button, as the ntfy app runs an `http` action: a POST to the action's URL.
    const action = pushed.actions?.find((candidate) => candidate.label === 'Acknowledge');
    expect(action).toMatchObject({ action: 'http', method: 'POST' });
    const pressed = await fetch(action?.url as string, { method: (action?.method as string) ?? 'POST' });
    expect(pressed.status).toBe(200);

    // The open page follows without a reload: acknowledged by the member, the escalation ended.
    await escalation.getByTestId('escalation-state').filter({ hasText: 'Ended: acknowledged' }).waitFor();
    await page.locator('.page-head .badge.st-investigating').getByText('investigating', { exact: true }).waitFor();
    await pages.getByRole('row').filter({ hasText: 'Push' }).getByText('sent', { exact: true }).waitFor();
    expect(await escalationOf(stack.http, owner.token, incident.id)).toMatchObject({
      running: false,
      ended: 'acknowledged',
      pages: [expect.objectContaining({ user_id: member.user.id, method: 'push', status: 'sent', level: 1 })],
    });
    const stored = await stack.http.get(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).expect(200);
    expect(stored.body.data.status).toBe('investigating');
    await expectAccessibleInBothThemes(page, 'incident-acknowledged-from-push');
    await context.close();
  });

  it('links a chat account from the link a channel sent, for the signed-in member, on Confirm only', async () => {
    const links = createChannelLinks({ encryptionKey: stack.config.ENCRYPTION_KEY as string, publicUrl: server.url });
    const url = links.createChannelLinkToken({
      organizationId: owner.organization.id,
      kind: 'slack',
      externalId: 'U0PAGER1',
      externalName: 'pager',
    });
    const { context, page } = await signInThroughPage(browser, server.url, member.email, member.password);
    await page.goto(url);
    const card = page.getByRole('region', { name: 'Slack account pager (U0PAGER1)' });
    await card.getByRole('button', { name: 'Confirm' }).waitFor();
    // Nothing is linked by opening the page.
    const before = await stack.http.get('/api/v1/channel-identities').set(bearer(member.token)).expect(200);
    expect(before.body.data).toEqual([]);
    await expectAccessibleInBothThemes(page, 'link-channel');

    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByRole('status').filter({ hasText: 'now acts as you' }).waitFor();
    const after = await stack.http.get('/api/v1/channel-identities').set(bearer(member.token)).expect(200);
    expect(after.body.data).toEqual([expect.objectContaining({ kind: 'slack', external_id: 'U0PAGER1', external_name: 'pager' })]);

    // The link works once: used again, it says why.
    await page.goto(url);
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByRole('alert').filter({ hasText: 'already used' }).waitFor();
    await page.goto('/my-paging');
    await page.getByRole('list', { name: 'Your linked accounts' }).getByText('U0PAGER1').waitFor();
    await context.close();
  });

  it('serves the link page to someone signed out: signing in comes back to the link', async () => {
    const links = createChannelLinks({ encryptionKey: stack.config.ENCRYPTION_KEY as string, publicUrl: server.url });
    const url = links.createChannelLinkToken({ organizationId: owner.organization.id, kind: 'matrix', externalId: '@pager:example.org' });
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('region', { name: 'Matrix account @pager:example.org' }).getByRole('button', { name: 'Confirm' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/link-channel');
    await context.close();
  });

  it('lets an owner connect ntfy for the organization; the access token is never shown back', async () => {
    const accessToken = ntfy.addToken(['anything']);
    const { context, page } = await signInThroughPage(browser, server.url, owner.email, owner.password);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Chat and phone', exact: true }).click();
    await page.getByRole('heading', { name: 'Chat and phone connections', level: 1 }).waitFor();
    const card = page.getByRole('region', { name: /^ntfy \(push\)/ });
    await card.getByRole('button', { name: 'Connect ntfy (push)' }).click();
    await card.getByLabel('Server URL', { exact: true }).fill(ntfy.url);
    await card.getByLabel('Access token (optional)', { exact: true }).fill(accessToken);
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('connected', { exact: true }).waitFor();
    await card.getByText(ntfy.url).waitFor();
    expect(await page.content()).not.toContain(accessToken);
    const stored = await stack.http.get('/api/v1/channel-connections').set(bearer(owner.token)).expect(200);
    expect(stored.body.data).toEqual([
      expect.objectContaining({ kind: 'ntfy', summary: { server_url: ntfy.url, access_token_set: true } }),
    ]);
    await page
      .getByRole('region', { name: /^Slack/ })
      .getByRole('link', { name: 'Connect Slack' })
      .waitFor();
    await expectAccessibleInBothThemes(page, 'admin-channels');
    await context.close();
  });
});
