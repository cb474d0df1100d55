import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { expectAccessibleInBothThemes, launchChromium, signInThroughPage } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration } from '../helpers/webhooks.ts';

// The status page settings in Chromium against the real API and PostgreSQL: an owner sets the page
// up, adds a component following an integration and overrides its status; the public page shows it.
describe('the console: status page settings, components and status updates', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof registerOwner>>;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    stack = await startTestStack();
    server = await listen(stack);
    owner = await registerOwner(stack.http, 'console-status-page');
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
  });

  it('enables the page, adds a component and overrides its status, and the public page follows', async () => {
    const integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    const slug = `console-${randomUUID().slice(0, 8)}`;
    const { context, page } = await signInThroughPage(browser, server.url, owner.email, owner.password);
    await page.goto('/admin/status-page');
    await page.getByRole('heading', { name: 'Status page', level: 1 }).waitFor();
    const settings = page.getByRole('form', { name: 'Page' });
    await settings.getByLabel('Address (slug)').fill(slug);
    await settings.getByLabel('Title').fill('Console Cloud');
    await settings.getByLabel('Enabled (served without login)').check();
    await expectAccessibleInBothThemes(page, 'status-page-settings');
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.getByRole('link', { name: new RegExp(`/status/${slug}$`) }).waitFor();

    const form = page.getByRole('form', { name: 'New component' });
    await form.getByLabel('Name').fill('Checkout');
    await form.getByRole('checkbox', { name: 'metrics_alerts integration', exact: true }).check();
    await form.getByRole('button', { name: 'Add component' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Checkout' });
    // The "Shown now" column.
    const shown = (status: string) =>
      row
        .getByRole('cell')
        .nth(1)
        .filter({ hasText: new RegExp(`^${status}$`) });
    await shown('Operational').waitFor();
    await row.getByLabel('Override the status of Checkout').selectOption('partial_outage');
    await shown('Partial outage').waitFor();
    await expectAccessibleInBothThemes(page, 'status-page-components');

    // A public update posted from the incident's page reaches the status page; an internal one does not.
    const incident = (
      await stack.http
        .post('/api/v1/incidents')
        .set(bearer(owner.token))
        .send({ title: 'Payment gateway 502s', severity: 'high' })
        .expect(201)
    ).body.data as { id: string };
    await page.goto(`/incidents/${incident.id}`);
    const updates = page.getByRole('form', { name: 'Post a status update' });
    await updates.getByLabel('Update', { exact: true }).fill('Looking at the gateway pods');
    await updates.getByRole('button', { name: 'Post update' }).click();
    const posted = page.getByRole('list', { name: 'Status updates' });
    await posted.getByText('Looking at the gateway pods').waitFor();
    await updates.getByRole('combobox', { name: 'Status', exact: true }).selectOption('identified');
    await updates.getByLabel('Update', { exact: true }).fill('Some card payments fail; a fix is rolling out.');
    await updates.getByLabel('Public: on the status page and mailed to its subscribers').check();
    await updates.getByLabel('Name on the status page (optional)').fill('Card payments failing');
    await expectAccessibleInBothThemes(page, 'incident-status-updates');
    await updates.getByRole('button', { name: 'Post update' }).click();
    await posted.getByText('Some card payments fail; a fix is rolling out.').waitFor();
    await context.close();

    const components = (await stack.http.get('/api/v1/status-page/components').set(bearer(owner.token)).expect(200)).body.data;
    expect(components).toEqual([
      expect.objectContaining({ name: 'Checkout', integration_ids: [integration.id], status_override: 'partial_outage' }),
    ]);
    const summary = await waitFor(
      'the override on the public page',
      async () => {
        const body = (await stack.http.get(`/status/${slug}/summary.json`).expect(200)).body as {
          title: string;
          components: Array<{ name: string; status: string }>;
        };
        return body.components[0]?.status === 'partial_outage' ? body : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 200 },
    );
    expect(summary).toMatchObject({ title: 'Console Cloud', components: [{ name: 'Checkout', status: 'partial_outage' }] });
    const published = await waitFor(
      'the public update on the page',
      async () => {
        const body = (await stack.http.get(`/status/${slug}/summary.json`).expect(200)).body as { incidents: unknown[] };
        return body.incidents.length > 0 ? body.incidents : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 200 },
    );
    expect(published).toEqual([
      expect.objectContaining({
        name: 'Card payments failing',
        updates: [expect.objectContaining({ kind: 'identified', body: 'Some card payments fail; a fix is rolling out.' })],
      }),
    ]);
  }, 120_000);
});
