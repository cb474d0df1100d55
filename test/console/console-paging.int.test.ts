import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { resolveMailpit, startMailpit, type RunningMailpit } from '../../dev/mailpit.ts';
import { toolCacheDir } from '../../shared/load-config.ts';
import { freePort } from '../../shared/net/free-port.ts';
import { expectAccessibleInBothThemes, launchChromium, signInThroughPage } from '../helpers/browser.ts';
import { escalationOf as escalationOfIncident, PAGE_SUBJECT } from '../helpers/escalation.ts';
import { listen } from '../helpers/listening-stack.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { mailpitMail } from '../helpers/mailpit-mail.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, openAlertIncident } from '../helpers/webhooks.ts';

const POLICY = 'Payments escalation';

// The paging pages in Debian's Chromium against the real API, PostgreSQL, Temporal and the worker,
// driven as a person would: an owner builds a two-level policy over a schedule, an alert pages the
// on-call, nobody answers, level 2 is paged, and the one-click link in level 2's mail acknowledges;
// the incident page follows along. Axe-core in both themes on every page.
describe('the console: escalation policies, routing rules, my paging, escalation on the incident page', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let oncall: Member;
  let backup: Member;
  let viewer: Member;
  let scheduleId: string;
  let mailpit: RunningMailpit;
  let mail: ReturnType<typeof mailpitMail>;
  const readMail = (to: string, subject: RegExp) => mail.waitForMail(to, subject);

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    // Page mails carry links built on PUBLIC_URL: the browser opens them on the server below.
    const port = await freePort();
    // Mail goes through a real SMTP server (Mailpit) that the test reads back.
    mailpit = await startMailpit(await resolveMailpit({ explicitPath: process.env.MAILPIT_PATH || undefined, cacheDir: toolCacheDir() }));
    mail = mailpitMail(mailpit);
    stack = await startTestStack({ worker: true, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: mailpit.smtpUrl } });
    server = await listen(stack, { port });
    owner = await registerOwner(stack.http, 'console-paging');
    oncall = await addMember(stack, owner.token, 'engineer', 'oncall', readMail);
    backup = await addMember(stack, owner.token, 'engineer', 'backup', readMail);
    viewer = await addMember(stack, owner.token, 'viewer', 'watcher', readMail);
    // The schedule through the API for brevity (its pages have their own browser test): the on-call
    // engineer carries the pager every day.
    scheduleId = (
      await stack.http
        .post('/api/v1/schedules')
        .set(bearer(owner.token))
        .send({
          name: 'Payments primary',
          time_zone: 'Europe/Berlin',
          layers: [
            {
              users: [oncall.user.id],
              rotation: 'daily',
              handoff_time: '09:00',
              start: new Date(Date.now() - 2 * 86_400_000).toISOString(),
            },
          ],
        })
        .expect(201)
    ).body.data.id as string;
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
    await mailpit?.stop();
  });

  const signIn = (email: string, password: string) => signInThroughPage(browser, server.url, email, password);

  const checkPage = expectAccessibleInBothThemes;

  const openIncident = (integration: { id: string; secret: string }, prefix: string) =>
    openAlertIncident(stack.http, owner.token, integration, prefix);

  const nav = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click();
  const escalationOf = (incidentId: string) => escalationOfIncident(stack.http, owner.token, incidentId);
  const linkIn = (body: string, action: 'Acknowledge' | 'Resolve') => {
    const match = new RegExp(`^${action} with one click: (\\S+)$`, 'm').exec(body);
    if (!match?.[1]) throw new Error(`no ${action} link in the mail`);
    return match[1];
  };

  it('builds a two-level policy in the browser; an alert pages the on-call, then level 2, whose mail link acknowledges', async () => {
    const { context, page } = await signIn(owner.email, owner.password);
    await nav(page, 'Paging');
    await page.getByRole('heading', { name: 'Escalation policies', level: 1 }).waitFor();
    await page.getByText('No escalation policies yet').waitFor();
    await page.getByRole('button', { name: 'New policy' }).click();
    const form = page.getByRole('form', { name: 'New escalation policy' });
    await form.getByLabel('Name', { exact: true }).fill(POLICY);
    await form.getByLabel("The organization's default policy").check();
    // A second round: after the last level the escalation waits its delay instead of ending.
    await form.getByLabel('Repeat').fill('1');
    // Level 1: whoever the schedule has on call; 3 s before level 2.
    await form.getByLabel('Level 1: add').selectOption(`schedule:${scheduleId}`);
    await form.getByRole('button', { name: 'Add to level 1' }).click();
    await form.getByLabel('Level 1: minutes before the next').fill('0.05');
    await form.getByRole('button', { name: 'Add a level' }).click();
    await form.getByLabel('Level 2: add').selectOption(`user:${backup.user.id}`);
    await form.getByRole('button', { name: 'Add to level 2' }).click();
    await form.getByLabel('Level 2: minutes before the next').fill('30');
    await checkPage(page, 'policy-new');
    await form.getByRole('button', { name: 'Create policy' }).click();
    const levels = page.getByRole('list', { name: `Levels of ${POLICY}` });
    await levels.getByText('Payments primary (on call)').waitFor();
    await levels.getByText('backup member').waitFor();
    const stored = (await stack.http.get('/api/v1/escalation-policies').set(bearer(owner.token)).expect(200)).body.data;
    expect(stored).toMatchObject([
      {
        name: POLICY,
        is_default: true,
        repeat: 1,
        levels: [
          { targets: [{ type: 'schedule', id: scheduleId }], delay_minutes: 0.05 },
          { targets: [{ type: 'user', id: backup.user.id }], delay_minutes: 30 },
        ],
      },
    ]);
    await checkPage(page, 'policies');

    // An alert opens an incident that pages through the default policy.
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const incident = await openIncident(integration, 'pay');
    const first = await mail.waitForMail(oncall.email, PAGE_SUBJECT);
    expect(first.body).toContain(incident.title);

    // The incident page shows the escalation; nobody answers, and level 2 arrives on the open page.
    await page.goto(`/incidents/${incident.id}`);
    const escalation = page.getByTestId('escalation');
    await escalation.locator('dd', { hasText: POLICY }).waitFor();
    const second = await mail.waitForMail(backup.email, PAGE_SUBJECT);
    expect(second.body).toContain(incident.title);
    await escalation.getByTestId('escalation-level').filter({ hasText: '2 of 2, round 1 of 2' }).waitFor();
    const pages = escalation.getByRole('table', { name: 'Pages' });
    await pages.getByRole('row').filter({ hasText: 'oncall member' }).filter({ hasText: 'sent' }).waitFor();
    await pages.getByRole('row').filter({ hasText: 'backup member' }).filter({ hasText: 'sent' }).waitFor();
    await escalation.getByRole('button', { name: 'Escalate now' }).waitFor();
    await checkPage(page, 'incident-escalation');

    // The backup opens the mail's acknowledge link: a confirmation page that changes nothing, then the button.
    const mailReader = await browser.newContext({ viewport: { width: 800, height: 600 } });
    const link = await mailReader.newPage();
    await link.goto(linkIn(second.body, 'Acknowledge'));
    await link.getByRole('heading', { name: 'Acknowledge this incident?' }).waitFor();
    expect((await escalationOf(incident.id)).running).toBe(true);
    await link.getByRole('button', { name: 'Acknowledge' }).click();
    await link.getByRole('heading', { name: 'The incident is acknowledged.' }).waitFor();
    await mailReader.close();

    // The open incident page follows without a reload: acknowledged, and the escalation ended.
    await page.getByRole('heading', { name: incident.title, level: 1 }).waitFor();
    await page.locator('.page-head .badge', { hasText: 'investigating' }).waitFor();
    await escalation.getByTestId('escalation-state').filter({ hasText: 'Ended: acknowledged' }).waitFor();
    await expect(escalation.getByRole('button', { name: 'Escalate now' }).count()).resolves.toBe(0);
    expect(await escalationOf(incident.id)).toMatchObject({ running: false, ended: 'acknowledged', level: 2 });
    expect((await mail.mailsTo(owner.email, PAGE_SUBJECT)).filter((mail) => mail.body.includes(incident.title))).toEqual([]);
    await context.close();
  });

  it("picks an integration's policy, then acknowledges and escalates from the incident page", async () => {
    const secret = 'secret-slow-0123456789abcdef';
    const integration = {
      id: (
        await stack.http
          .post('/api/v1/integrations')
          .set(bearer(owner.token))
          .send({ name: 'Slow alerts', platform: 'metrics_alerts', secret })
          .expect(201)
      ).body.data.id as string,
      secret,
    };
    const slow = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({
          name: 'Slow',
          repeat: 1,
          levels: [
            { targets: [{ type: 'user', id: oncall.user.id }], delay_minutes: 30 },
            { targets: [{ type: 'user', id: backup.user.id }], delay_minutes: 30 },
          ],
        })
        .expect(201)
    ).body.data as { id: string };
    const { context, page } = await signIn(owner.email, owner.password);
    await nav(page, 'Integrations');
    const card = page.getByRole('region', { name: 'Slow alerts' });
    await card.getByLabel('Escalation policy').selectOption({ label: 'Slow' });
    await waitFor(
      "the integration's policy is stored",
      async () => {
        const stored = (await stack.http.get(`/api/v1/integrations/${integration.id}`).set(bearer(owner.token)).expect(200)).body.data as {
          escalation_policy_id: string | null;
        };
        return stored.escalation_policy_id === slow.id ? stored : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    await checkPage(page, 'integrations-policy');

    const seenBackup = (await mail.mailsTo(backup.email, PAGE_SUBJECT)).length;
    const incident = await openIncident(integration, 'slow');
    await page.goto(`/incidents/${incident.id}`);
    const escalation = page.getByTestId('escalation');
    await escalation.getByTestId('escalation-level').filter({ hasText: '1 of 2' }).waitFor();
    // Level 1 waits 30 minutes: only "Escalate now" pages level 2 within this test.
    await escalation.getByRole('button', { name: 'Escalate now' }).click();
    await mail.waitForMail(backup.email, PAGE_SUBJECT, seenBackup);
    await escalation.getByTestId('escalation-level').filter({ hasText: '2 of 2' }).waitFor();
    await escalation.getByRole('button', { name: 'Acknowledge' }).click();
    await escalation.getByTestId('escalation-state').filter({ hasText: 'Ended: acknowledged' }).waitFor();
    expect(await escalationOf(incident.id)).toMatchObject({ running: false, ended: 'acknowledged' });

    // Reassigned to the on-call member: the incident is active again and a new cycle pages them at once.
    const seenOncall = (await mail.mailsTo(oncall.email, PAGE_SUBJECT)).length;
    const reassign = escalation.getByRole('form', { name: 'Reassign' });
    await reassign.getByLabel('Reassign to').selectOption(`user:${oncall.user.id}`);
    await reassign.getByRole('button', { name: 'Reassign' }).click();
    await mail.waitForMail(oncall.email, PAGE_SUBJECT, seenOncall);
    // The card moves on to the new cycle, whose page to the on-call member it lists.
    await escalation.getByTestId('escalation-state').filter({ hasNotText: 'Ended: acknowledged' }).waitFor();
    const reassigned = await escalationOf(incident.id);
    expect(reassigned.cycle).toBe(2);
    expect(reassigned.pages.filter((paged) => paged.cycle === 2).map((paged) => paged.user_id)).toEqual([oncall.user.id]);
    const incidentNow = (await stack.http.get(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).expect(200)).body.data;
    expect(incidentNow).toMatchObject({ status: 'active', assignee_id: oncall.user.id });
    await checkPage(page, 'incident-reassigned');
    await context.close();

    // A viewer sees the state, not the controls.
    const asViewer = await signIn(viewer.email, viewer.password);
    await asViewer.page.goto(`/incidents/${incident.id}`);
    await asViewer.page.getByTestId('escalation-level').waitFor();
    await expect(asViewer.page.getByRole('button', { name: 'Escalate now' }).count()).resolves.toBe(0);
    await expect(asViewer.page.getByRole('form', { name: 'Reassign' }).count()).resolves.toBe(0);
    await nav(asViewer.page, 'Paging');
    await asViewer.page.getByRole('heading', { name: POLICY }).waitFor();
    for (const control of ['New policy', `Edit ${POLICY}`, `Delete ${POLICY}`])
      await expect(asViewer.page.getByRole('button', { name: control, exact: true }).count()).resolves.toBe(0);
    await asViewer.context.close();
  });

  it('orders routing rules, answers which policy an alert would get, routes an alert by them, and edits a policy whose deletion a rule blocks', async () => {
    const { context, page } = await signIn(owner.email, owner.password);
    await nav(page, 'Paging');
    await page.getByRole('navigation', { name: 'Paging' }).getByRole('link', { name: 'Routing rules' }).click();
    await page.getByRole('heading', { name: 'Routing rules', level: 1 }).waitFor();
    for (const [name, matchers, urgency] of [
      ['Databases', '{service="db"}', 'high'],
      ['Everything else', 'severity=~".*"', 'low'],
    ] as const) {
      await page.getByRole('button', { name: 'New rule' }).click();
      const form = page.getByRole('form', { name: 'New routing rule' });
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByLabel('Matchers').fill(matchers);
      await form.getByLabel('Escalation policy').selectOption({ label: 'Slow' });
      await form.getByLabel('Urgency').selectOption(urgency);
      await form.getByRole('button', { name: 'Create rule' }).click();
      await page.getByRole('cell', { name: new RegExp(`^${name}`) }).waitFor();
    }
    // A bad regex is refused with the field named.
    await page.getByRole('button', { name: 'New rule' }).click();
    const bad = page.getByRole('form', { name: 'New routing rule' });
    await bad.getByLabel('Name', { exact: true }).fill('Broken');
    await bad.getByLabel('Matchers').fill('service=~"(unclosed"');
    await bad.getByRole('button', { name: 'Create rule' }).click();
    await bad.getByRole('alert').locator('code', { hasText: 'matchers' }).waitFor();
    await bad.getByRole('button', { name: 'Cancel' }).click();

    const tester = page.getByRole('form', { name: 'Which policy would this alert get' });
    await tester.getByLabel('Labels, one name=value a line').fill('service=db\nenv=prod');
    await tester.getByRole('button', { name: 'Test' }).click();
    await tester.getByTestId('routing-result').filter({ hasText: 'Rule Databases matches' }).filter({ hasText: 'urgency high' }).waitFor();
    await checkPage(page, 'routing-rules');

    // The catch-all moved first wins every alert.
    await page.getByRole('button', { name: 'Move Everything else up' }).click();
    await waitFor(
      'the new order is stored',
      async () => {
        const rules = (await stack.http.get('/api/v1/routing-rules').set(bearer(owner.token)).expect(200)).body.data as Array<{
          name: string;
          position: number;
        }>;
        const order = [...rules].sort((a, b) => a.position - b.position).map((rule) => rule.name);
        return order[0] === 'Everything else' ? order : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    await page.getByRole('row').nth(1).getByText('Everything else').waitFor();
    await tester.getByRole('button', { name: 'Test' }).click();
    await tester
      .getByTestId('routing-result')
      .filter({ hasText: 'Rule Everything else matches' })
      .filter({ hasText: 'urgency low' })
      .waitFor();

    // Edited in place: the form starts from the rule's matchers.
    await page.getByRole('button', { name: 'Edit Databases' }).click();
    const editRule = page.getByRole('form', { name: 'Edit Databases' });
    await expect(editRule.getByLabel('Matchers').inputValue()).resolves.toBe('{service="db"}');
    await editRule.getByLabel('Matchers').fill('{service=~"db|cache"}');
    await editRule.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('cell', { name: /^Databases/ })
      .getByText('{service=~"db|cache"}')
      .waitFor();

    await page.getByRole('button', { name: 'Delete Databases' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await waitFor(
      'the rule is gone',
      async () => {
        const rules = (await stack.http.get('/api/v1/routing-rules').set(bearer(owner.token)).expect(200)).body.data as unknown[];
        return rules.length === 1 ? rules : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );

    // The policy the remaining rule chooses: edited in place, and its deletion refused with the API's reason.
    await page.getByRole('navigation', { name: 'Paging' }).getByRole('link', { name: 'Escalation policies' }).click();
    await page.getByRole('button', { name: 'Edit Slow' }).click();
    const edit = page.getByRole('form', { name: 'Edit Slow' });
    await edit.getByLabel('Level 1: minutes before the next').fill('10');
    await edit.getByRole('button', { name: 'Remove from Level 2' }).click();
    await edit.getByLabel('Level 2: add').selectOption(`user:${owner.user.id}`);
    await edit.getByRole('button', { name: 'Add to level 2' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Levels of Slow' }).getByText('Level 2 after 10 min without acknowledgement').waitFor();
    const slow = (
      (await stack.http.get('/api/v1/escalation-policies').set(bearer(owner.token)).expect(200)).body.data as Array<{
        name: string;
        levels: unknown;
      }>
    ).find((policy) => policy.name === 'Slow');
    expect(slow?.levels).toEqual([
      { targets: [{ type: 'user', id: oncall.user.id }], delay_minutes: 10, mode: 'all' },
      { targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 30, mode: 'all' },
    ]);
    await page.getByRole('button', { name: 'Delete Slow' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Slow' });
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await confirm
      .getByRole('alert')
      .getByText(/Routing rules choose this policy \("Everything else"\)/)
      .waitFor();
    expect(
      ((await stack.http.get('/api/v1/escalation-policies').set(bearer(owner.token)).expect(200)).body.data as Array<{ name: string }>).map(
        (policy) => policy.name,
      ),
    ).toEqual(expect.arrayContaining(['Slow']));

    // The catch-all rule, now first, routes the next alert: the incident page names it and its urgency.
    const routed = await openIncident(await createIntegration(stack.http, owner.token, 'metrics_alerts'), 'routed');
    await page.goto(`/incidents/${routed.id}`);
    const escalation = page.getByTestId('escalation');
    await escalation.locator('dd', { hasText: 'Everything else' }).waitFor();
    await escalation.getByTestId('escalation-level').filter({ hasText: '1 of 2' }).waitFor();
    expect(await escalation.locator('dd').allInnerTexts()).toEqual(expect.arrayContaining(['Slow', 'Everything else', 'low']));
    await context.close();
  });

  it('lets a member add contact methods and notification rules; a webhook URL is never shown back', async () => {
    const { context, page } = await signIn(oncall.email, oncall.password);
    await page.goto('/my-paging');
    await page.getByRole('heading', { name: 'My paging', level: 1 }).waitFor();
    await page.getByText('No contact method yet').waitFor();

    await page.getByRole('button', { name: 'Add an email' }).click();
    const address = `pager-${randomUUID().slice(0, 6)}@example.test`;
    const email = page.getByRole('form', { name: 'Add an email' });
    await email.getByLabel('Label').fill('Pager mail');
    await email.getByLabel('Address').fill(address);
    await email.getByRole('button', { name: 'Add' }).click();
    const methods = page.getByRole('list', { name: 'Your contact methods' });
    await methods.getByRole('listitem').filter({ hasText: address }).getByText('unverified').waitFor();
    await mail.waitForMail(address, /./);

    await page.getByRole('button', { name: 'Add a webhook' }).click();
    const hook = page.getByRole('form', { name: 'Add a webhook' });
    await hook.getByLabel('Label').fill('Team chat');
    await hook.getByLabel('URL').fill('https://hooks.example.test/services/T000/secret-token-123');
    await hook.getByLabel('Template (JSON body, optional)').fill('{"text": "{{incident.title}}"}');
    await hook.getByRole('button', { name: 'Add' }).click();
    const chat = methods.getByRole('listitem').filter({ hasText: 'Team chat' });
    await chat.getByText('hooks.example.test').waitFor();
    expect(await page.content()).not.toContain('secret-token-123');

    // A test page through the webhook: the host does not resolve, and the page says so.
    await chat.getByRole('button', { name: /^Send a test page/ }).click();
    await chat
      .getByRole('status')
      .getByText(/^Test page failed: /)
      .waitFor();

    const rule = page.getByRole('form', { name: 'Add a rule' });
    const listed = (await stack.http.get('/api/v1/users/me/contact-methods').set(bearer(oncall.token)).expect(200)).body.data as Array<{
      id: string;
      label: string;
    }>;
    await rule.getByLabel('Method').selectOption(listed.find((method) => method.label === 'Team chat')?.id as string);
    await rule.getByLabel('Minutes after the page').fill('5');
    await rule.getByLabel('Urgency').selectOption('high');
    await rule.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('list', { name: 'Your notification rules' }).getByText('After 5 min, Team chat').waitFor();
    const stored = (await stack.http.get('/api/v1/users/me/notification-rules').set(bearer(oncall.token)).expect(200)).body.data;
    expect(stored).toMatchObject([{ contact_method_type: 'webhook', delay_minutes: 5, urgency: 'high' }]);
    await checkPage(page, 'my-paging');
    await context.close();
  });
});
