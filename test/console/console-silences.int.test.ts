import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { launchChromium, screenshot, seriousViolations, setTheme } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration, postSigned } from '../helpers/webhooks.ts';

const ZONE = 'Europe/Paris';
/** An instant as a `datetime-local` value in ZONE, the browser's zone here. */
const parisInput = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'short' }).format(at).replace(' ', 'T');

interface IncidentRow {
  id: string;
  fingerprint: string | null;
  integration_id: string | null;
  alert_count: number;
}

// Silences and maintenance windows through the console, in Debian's Chromium against the real API,
// worker, Temporal and PostgreSQL: what a person does through the page, what ingestion then does
// checked through the API. Every page is checked with axe-core in both themes and screenshotted.
describe('silences and maintenance windows in the console', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let viewer: Member;
  let integration: Awaited<ReturnType<typeof createIntegration>>;
  const run = randomUUID().slice(0, 8);
  const similarTitle = `Checkout latency ${run}`;
  const similarLabels = { alertname: 'CheckoutLatency', service: 'checkout', run };
  let deliveries = 0;

  /** One Alertmanager delivery of firing alerts (its own `groupKey`: never a retry of another). */
  const send = async (alerts: Array<{ fingerprint: string; labels: Record<string, string>; summary?: string }>) => {
    deliveries += 1;
    const body = {
      version: '4',
      groupKey: `console-silences-${deliveries}-${randomUUID()}`,
      status: 'firing',
      alerts: alerts.map(({ fingerprint, labels, summary }) => ({
        status: 'firing',
        labels: { severity: 'critical', ...labels },
        annotations: { summary: summary ?? `${labels.alertname} ${fingerprint}` },
        startsAt: new Date(Date.UTC(2026, 0, 1) + deliveries * 1000).toISOString(),
        fingerprint,
      })),
    };
    expect((await postSigned(stack.http, 'metrics_alerts', integration, body)).status).toBe(200);
  };
  const incidents = async (): Promise<IncidentRow[]> =>
    (await stack.http.get('/api/v1/incidents?limit=100').set(bearer(owner.token)).expect(200)).body.data;
  const incidentOf = (fingerprint: string) =>
    waitFor(`the incident of ${fingerprint}`, async () => (await incidents()).find((incident) => incident.fingerprint === fingerprint), {
      timeoutMs: 60_000,
      intervalMs: 200,
    });
  const mutedBy = async (silenceId: string) =>
    (await stack.http.get(`/api/v1/silences/${silenceId}/alerts?limit=100`).set(bearer(owner.token)).expect(200)).body;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    stack = await startTestStack({ worker: true, env: { RATE_LIMIT_WEBHOOK_PER_HOUR: '1000000' } });
    server = await listen(stack);
    owner = await registerOwner(stack.http, 'console-silences');
    integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    viewer = await addMember(stack, owner.token, 'viewer');
    // Before any silence: an incident to "silence similar", and one whose alert the storm's silence previews.
    await send([{ fingerprint: `similar-${run}`, labels: similarLabels, summary: similarTitle }]);
    await send([{ fingerprint: `before-${run}`, labels: { alertname: 'ConsoleStorm', tier: 'muted', run } }]);
    await incidentOf(`similar-${run}`);
    await incidentOf(`before-${run}`);
    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 900 },
      colorScheme: 'light',
      timezoneId: ZONE,
    });
    page = await context.newPage();
  }, 15 * 60_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await stack?.stop();
  });

  async function checkPage(name: string, on: Page = page) {
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(on, theme);
      expect({ page: name, theme, violations: await seriousViolations(on) }).toEqual({ page: name, theme, violations: [] });
      await screenshot(on, `${name}-${theme}`);
    }
  }
  const nav = (name: string, on: Page = page) =>
    on.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click();
  async function signIn(on: Page, who: { email: string; password: string }) {
    await on.goto('/sign-in');
    await on.getByLabel('Email', { exact: true }).fill(who.email);
    await on.getByLabel('Password', { exact: true }).fill(who.password);
    await on.getByRole('button', { name: 'Sign in', exact: true }).click();
    await on.getByRole('heading', { name: 'Incidents' }).waitFor();
  }

  let stormSilenceId: string;

  it('creates a silence with a live preview; it mutes the matching alerts of a storm and nothing else', async () => {
    await signIn(page, owner);
    await nav('Silences');
    await page.getByText('No active silence').waitFor();
    await page.getByRole('button', { name: 'New silence' }).click();
    const form = page.getByRole('form', { name: 'New silence' });
    const matchers = form.getByLabel('Matchers, one per line');
    // A regex the API refuses is explained before anything is created.
    await matchers.fill(`alertname="ConsoleStorm"\ntier=~"(muted"`);
    await form
      .getByTestId('silence-preview-error')
      .getByText(/invalid regular expression/)
      .waitFor();
    await matchers.fill(`alertname="ConsoleStorm"\ntier="muted"\nrun="${run}"`);
    await form.getByText('Would catch 1 open incident and 1 alert of the last 24 hours').waitFor();
    await form.getByLabel('Comment').fill('Storm drill');
    await checkPage('silences-new');
    await form.getByRole('button', { name: 'Create silence' }).click();
    await page.getByRole('status').getByText(`Created {alertname="ConsoleStorm", tier="muted", run="${run}"}`).waitFor();
    await page.getByTestId('silence-row').getByText('Storm drill').waitFor();
    const active = (await stack.http.get('/api/v1/silences?status=active').set(bearer(owner.token)).expect(200)).body.data;
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ comment: 'Storm drill', created_by: owner.user.id, status: 'active' });
    stormSilenceId = active[0].id;
    await checkPage('silences');

    // The storm: 20 fingerprints the silence covers, 20 it does not, 5 alerts each, 10 alerts a delivery.
    const FINGERPRINTS = 40;
    const PER_FINGERPRINT = 5;
    const alertOf = (index: number) => {
      const fingerprint = index % FINGERPRINTS;
      const tier = fingerprint % 2 === 0 ? 'muted' : 'loud';
      return { fingerprint: `storm-${run}-${tier}-${fingerprint}`, labels: { alertname: 'ConsoleStorm', tier, run } };
    };
    const deliveriesToSend = Array.from({ length: (FINGERPRINTS * PER_FINGERPRINT) / 10 }, (_, delivery) =>
      Array.from({ length: 10 }, (_, offset) => alertOf(delivery * 10 + offset)),
    );
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < deliveriesToSend.length) await send(deliveriesToSend[next++]!);
      }),
    );
    const loudFingerprints = new Set(Array.from({ length: FINGERPRINTS / 2 }, (_, index) => `storm-${run}-loud-${index * 2 + 1}`));
    const loud = await waitFor(
      'the loud half: one incident per fingerprint holding all its alerts',
      async () => {
        const opened = (await incidents()).filter((incident) => incident.fingerprint?.startsWith(`storm-${run}-`));
        const total = opened.reduce((sum, incident) => sum + incident.alert_count, 0);
        return total === (FINGERPRINTS / 2) * PER_FINGERPRINT ? opened : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 300 },
    );
    const muted = await waitFor(
      'the muted half stored and marked',
      async () => {
        const listed = await mutedBy(stormSilenceId);
        return listed.meta.total === (FINGERPRINTS / 2) * PER_FINGERPRINT ? listed : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 300 },
    );
    // Exactly the loud fingerprints opened incidents, each with all its alerts.
    expect(new Set(loud.map((incident) => incident.fingerprint))).toEqual(loudFingerprints);
    expect(loud.every((incident) => incident.alert_count === PER_FINGERPRINT)).toBe(true);
    // Every muted alert is stored, marked with the silence and in no incident; none of the loud ones is.
    for (const alert of muted.data)
      expect(alert).toMatchObject({ silenced_by: stormSilenceId, silenced_kind: 'silence', incident_id: null, labels: { tier: 'muted' } });
    // The loud alerts, as the preview finds them: stored, none marked.
    const loudAlerts = (
      await stack.http
        .post('/api/v1/silences/preview')
        .set(bearer(owner.token))
        .send({ matchers: `{tier="loud", run="${run}"}` })
        .expect(200)
    ).body.data;
    expect(loudAlerts.recent_alerts_total).toBe((FINGERPRINTS / 2) * PER_FINGERPRINT);
    expect(new Set(loudAlerts.recent_alerts.map((alert: { silenced_by: string | null }) => alert.silenced_by))).toEqual(new Set([null]));
  });

  it('edits the silence, then expires it early: the next matching alert opens an incident, the muted ones stay', async () => {
    const row = page.getByTestId('silence-row').filter({ hasText: 'Storm drill' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit silence' });
    await form.getByLabel('Comment').fill('Storm drill, extended');
    await form.getByRole('button', { name: 'Save silence' }).click();
    await page.getByTestId('silence-row').getByText('Storm drill, extended').waitFor();
    expect((await stack.http.get(`/api/v1/silences/${stormSilenceId}`).set(bearer(owner.token)).expect(200)).body.data.comment).toBe(
      'Storm drill, extended',
    );

    await page.getByTestId('silence-row').getByRole('button', { name: 'Expire now' }).click();
    await page.getByText('No active silence').waitFor();
    await page.getByLabel('Show').selectOption('expired');
    await page.getByTestId('silence-row').getByText('expired', { exact: true }).waitFor();
    await checkPage('silences-expired');

    // The workers hear of the expiry through the database: an alert sent before they did is still
    // muted, so send until one is not (each one either muted or opening its incident).
    let sent = 0;
    await waitFor(
      'a matching alert after the expiry opens an incident',
      async () => {
        sent += 1;
        const fingerprint = `after-${run}-${sent}`;
        const mutedBefore = (await mutedBy(stormSilenceId)).meta.total;
        await send([{ fingerprint, labels: { alertname: 'ConsoleStorm', tier: 'muted', run } }]);
        const outcome = await waitFor(
          `what became of ${fingerprint}`,
          async () => {
            if ((await incidents()).some((incident) => incident.fingerprint === fingerprint)) return 'opened';
            return (await mutedBy(stormSilenceId)).meta.total > mutedBefore ? 'muted' : undefined;
          },
          { timeoutMs: 60_000, intervalMs: 200 },
        );
        return outcome === 'opened' ? true : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 100 },
    );
    expect((await mutedBy(stormSilenceId)).meta.total).toBeGreaterThanOrEqual(100);
  });

  it('silences similar alerts from an incident: matchers from its labels, the preview, then the silence mutes the next one', async () => {
    const incident = await incidentOf(`similar-${run}`);
    await page.goto(`/incidents/${incident.id}`);
    await page.getByRole('heading', { name: similarTitle, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Silence similar' }).click();
    const form = page.getByRole('form', { name: 'New silence' });
    expect(await form.getByLabel('Matchers, one per line').inputValue()).toBe(
      `alertname="CheckoutLatency"\nrun="${run}"\nservice="checkout"\nseverity="critical"`,
    );
    await form.getByRole('link', { name: similarTitle }).waitFor();
    await form.getByText(/^Would catch 1 open incident and 1 alert/).waitFor();
    await checkPage('incident-silence-similar');
    await form.getByRole('button', { name: 'Create silence' }).click();
    await page
      .getByRole('status')
      .getByText(/^Silence created:/)
      .waitFor();

    const [silence] = (await stack.http.get('/api/v1/silences?status=active').set(bearer(owner.token)).expect(200)).body.data;
    expect(silence).toMatchObject({
      comment: `Similar to "${similarTitle}"`,
      matchers_text: expect.stringContaining('alertname="CheckoutLatency"'),
    });
    const before = (await incidents()).length;
    await send([{ fingerprint: `similar-${run}-again`, labels: similarLabels }]);
    const muted = await waitFor('the similar alert muted', async () => ((await mutedBy(silence.id)).meta.total === 1 ? true : undefined), {
      timeoutMs: 60_000,
      intervalMs: 200,
    });
    expect(muted).toBe(true);
    expect((await incidents()).length).toBe(before);
  });

  it("plans a recurring maintenance window on the integration page; it mutes the integration's alerts, then is deleted", async () => {
    await nav('Integrations');
    const card = page.getByRole('region', { name: 'Maintenance windows of metrics_alerts integration' });
    await card.getByText('None: alerts of this integration are never muted for maintenance.').waitFor();
    await card.getByRole('button', { name: 'Plan maintenance' }).click();
    const form = card.getByRole('form', { name: 'Plan a maintenance window' });
    await form.getByLabel('Description').fill('Weekly database maintenance');
    const start = new Date(Date.now() - 60_000);
    await form.getByLabel('Starts').fill(parisInput(start));
    await form.getByLabel('Ends').fill(parisInput(new Date(Date.now() + 3_600_000)));
    await form.getByLabel('Repeat').selectOption('weekly');
    await form.getByText(`Times are in ${ZONE}`).waitFor();
    await checkPage('integration-maintenance-new');
    await form.getByRole('button', { name: 'Create window' }).click();
    const item = card.getByTestId('maintenance-window').filter({ hasText: 'Weekly database maintenance' });
    await item.getByText('in effect').waitFor();
    await checkPage('integration-maintenance');

    const [window] = (await stack.http.get('/api/v1/maintenance-windows').set(bearer(owner.token)).expect(200)).body.data;
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' }).format(start).slice(0, 2).toUpperCase();
    expect(window).toMatchObject({
      integration_ids: [integration.id],
      time_zone: ZONE,
      rrule: `FREQ=WEEKLY;BYDAY=${weekday}`,
      in_effect: true,
    });
    const before = (await incidents()).length;
    await send([{ fingerprint: `window-${run}`, labels: { alertname: 'DuringMaintenance', run } }]);
    const marked = await waitFor(
      'the alert muted by the window',
      async () => {
        const rows: Array<{ silenced_by: string; silenced_kind: string; incident_id: string | null }> = await stack.orm.em
          .fork()
          .getConnection()
          .execute('select silenced_by, silenced_kind, incident_id from alerts where dedup_key = ?', [`window-${run}`]);
        return rows[0];
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(marked).toEqual({ silenced_by: window.id, silenced_kind: 'maintenance_window', incident_id: null });
    expect((await incidents()).length).toBe(before);

    await item.getByRole('button', { name: 'Delete maintenance window Weekly database maintenance' }).click();
    await card.getByText('None: alerts of this integration are never muted for maintenance.').waitFor();
    expect((await stack.http.get('/api/v1/maintenance-windows').set(bearer(owner.token)).expect(200)).body.meta.total).toBe(0);
  });

  it('shows a viewer the silences and windows without any control that writes', async () => {
    const viewerContext = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
    try {
      const viewerPage = await viewerContext.newPage();
      await signIn(viewerPage, viewer);
      await nav('Silences', viewerPage);
      await viewerPage.getByRole('heading', { name: 'Silences' }).waitFor();
      await viewerPage.getByText('No active silence').or(viewerPage.getByTestId('silence-row').first()).waitFor();
      await viewerPage.getByLabel('Show').selectOption('all');
      await viewerPage.getByTestId('silence-row').first().waitFor();
      expect(await viewerPage.getByRole('button', { name: /New silence|Edit|Expire now/ }).count()).toBe(0);
      await checkPage('silences-viewer', viewerPage);
      // More than a page: 51 pending silences, 50 a page.
      const startsAt = new Date(Date.now() + 86_400_000).toISOString();
      const endsAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
      for (let index = 0; index < 51; index += 1)
        await stack.http
          .post('/api/v1/silences')
          .set(bearer(owner.token))
          .send({ matchers: `run="${run}-${index}"`, starts_at: startsAt, ends_at: endsAt, comment: `Pending ${index}` })
          .expect(201);
      await viewerPage.getByLabel('Show').selectOption('pending');
      const pages = viewerPage.getByRole('navigation', { name: 'Pages' });
      // The pager's range can show before the page's rows render: wait for the rows, then count them.
      const rows = viewerPage.getByTestId('silence-row');
      await pages.getByText('1–50 of 51').waitFor();
      await rows.nth(49).waitFor();
      expect(await rows.count()).toBe(50);
      await pages.getByRole('button', { name: 'Next' }).click();
      await pages.getByText('51–51 of 51').waitFor();
      await rows.nth(1).waitFor({ state: 'detached' });
      expect(await rows.count()).toBe(1);
      const incident = await incidentOf(`similar-${run}`);
      await viewerPage.goto(`/incidents/${incident.id}`);
      await viewerPage.getByRole('heading', { name: similarTitle, level: 1 }).waitFor();
      expect(await viewerPage.getByRole('button', { name: 'Silence similar' }).count()).toBe(0);
      await nav('Integrations', viewerPage);
      await viewerPage.getByRole('heading', { name: 'Maintenance windows' }).waitFor();
      await viewerPage.getByText('None: alerts of this integration').waitFor();
      expect(await viewerPage.getByRole('button', { name: /Plan maintenance|Delete/ }).count()).toBe(0);
      // Past the API's first page: 100 windows of another integration start later than this one's.
      const other = await stack.http
        .post('/api/v1/integrations')
        .set(bearer(owner.token))
        .send({ name: 'Other Alertmanager', platform: 'metrics_alerts' })
        .expect(201);
      const window = (days: number, integrationId: string, description: string) =>
        stack.http
          .post('/api/v1/maintenance-windows')
          .set(bearer(owner.token))
          .send({
            description,
            integration_ids: [integrationId],
            starts_at: new Date(Date.now() + days * 86_400_000).toISOString(),
            ends_at: new Date(Date.now() + days * 86_400_000 + 3_600_000).toISOString(),
          })
          .expect(201);
      await window(10, integration.id, 'Next year is far');
      for (let index = 0; index < 100; index += 1) await window(20 + index, other.body.data.id, `Other ${index}`);
      await viewerPage.reload();
      const mine = viewerPage.getByRole('region', { name: 'Maintenance windows of metrics_alerts integration' });
      await mine.getByTestId('maintenance-window').getByText('Next year is far').waitFor();
      expect(await mine.getByTestId('maintenance-window').count()).toBe(1);
      expect(
        await viewerPage
          .getByRole('region', { name: 'Maintenance windows of Other Alertmanager' })
          .getByTestId('maintenance-window')
          .count(),
      ).toBe(100);
    } finally {
      await viewerContext.close();
    }
  });

  it("lists a grouped incident's alert keys with their labels, and ungroups one into its own incident", async () => {
    const grouped = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    await stack.http
      .patch(`/api/v1/integrations/${grouped.id}`)
      .set(bearer(owner.token))
      .send({ grouping: { group_by: ['cluster'], group_wait_seconds: 0, group_interval_seconds: 300 } })
      .expect(200);
    const body = {
      version: '4',
      groupKey: `console-grouping-${run}`,
      status: 'firing',
      alerts: ['a', 'b'].map((node) => ({
        status: 'firing',
        labels: { alertname: 'NodeDown', severity: 'critical', cluster: `grp-${run}`, node },
        annotations: { summary: `NodeDown ${node} ${run}` },
        startsAt: new Date().toISOString(),
        fingerprint: `grp-${node}-${run}`,
      })),
    };
    expect((await postSigned(stack.http, 'metrics_alerts', grouped, body)).status).toBe(200);
    const group = await waitFor(
      'the group incident',
      async () => (await incidents()).find((incident) => incident.integration_id === grouped.id && incident.alert_count === 2),
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    await page.goto(`/incidents/${group.id}`);
    const keys = page.getByRole('list', { name: /^Alert keys/ });
    await keys.getByText(`node="b"`).waitFor();
    await keys.getByText(`cluster="grp-${run}"`).first().waitFor();
    expect(await keys.getByRole('listitem').count()).toBe(2);
    await checkPage('incident-alert-keys');
    await keys.getByRole('button', { name: `Ungroup NodeDown b ${run} (grp-b-${run})` }).click();
    await page
      .getByRole('status')
      .getByText(/moved to/)
      .waitFor();
    // Refreshed: one key left, which cannot leave, so no button.
    await waitFor('one key left', async () => ((await keys.getByRole('listitem').count()) === 1 ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    expect(await keys.getByRole('button', { name: /^Ungroup/ }).count()).toBe(0);
    const moved = (await incidents()).filter((incident) => incident.integration_id === grouped.id);
    expect(moved.map((incident) => incident.alert_count).sort()).toEqual([1, 1]);
  });
});
