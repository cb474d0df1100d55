import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { launchChromium, screenshot, seriousViolations, setTheme } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';
import { createIntegration } from '../helpers/webhooks.ts';

interface HeartbeatRow {
  id: string;
  name: string;
  integration_id: string;
  period_seconds: number;
  last_ping_at: string | null;
}

// Heartbeats through the console, in Debian's Chromium against the real API and PostgreSQL: what a
// person does on the page, checked through the API; the page checked with axe-core in both themes.
describe('heartbeats in the console', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let integration: Awaited<ReturnType<typeof createIntegration>>;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    stack = await startTestStack({ worker: true });
    server = await listen(stack);
    owner = await registerOwner(stack.http, 'console-heartbeats');
    integration = await createIntegration(stack.http, owner.token, 'metrics_alerts');
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    page = await context.newPage();
  }, 15 * 60_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await stack?.stop();
  });

  const heartbeats = async (): Promise<HeartbeatRow[]> =>
    (await stack.http.get('/api/v1/heartbeats?limit=100').set(bearer(owner.token)).expect(200)).body.data;
  /** The token of a ping URL shown on the page. */
  const tokenOf = async () => {
    const url = await page.getByRole('status').locator('code').textContent();
    return new URL(url ?? '').searchParams.get('token') ?? '';
  };

  it('creates a heartbeat whose ping URL is shown once and pings; a new URL retires the old one; deleting removes it', async () => {
    await page.goto('/sign-in');
    await page.getByLabel('Email', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Incidents' }).waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Heartbeats', exact: true }).click();
    await page.getByText('No heartbeat yet').waitFor();

    const form = page.getByRole('form', { name: 'New heartbeat' });
    await form.getByLabel('Name').fill('nightly backup');
    await form.getByLabel('Pages through integration').selectOption(integration.id);
    await form.getByLabel('Expect a ping every').selectOption({ label: '1 day' });
    await form.getByRole('button', { name: 'Create heartbeat' }).click();
    await page.getByRole('status').getByText('Ping URL of').waitFor();
    const [created] = await heartbeats();
    expect(created).toMatchObject({ name: 'nightly backup', integration_id: integration.id, period_seconds: 86_400, last_ping_at: null });
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      expect({ theme, violations: await seriousViolations(page) }).toEqual({ theme, violations: [] });
      await screenshot(page, `heartbeats-${theme}`);
    }

    // The URL shown is the heartbeat's: a ping through it is stamped.
    const first = await tokenOf();
    expect((await stack.http.get(`/api/v1/heartbeats/ping?token=${first}`).expect(200)).body.data).toEqual({ pinged: true });
    expect((await heartbeats())[0]?.last_ping_at).not.toBeNull();

    await page.getByRole('button', { name: 'New ping URL' }).click();
    await page.getByRole('status').locator('code').filter({ hasNotText: first }).waitFor();
    const second = await tokenOf();
    expect(second).not.toBe(first);
    await stack.http.get(`/api/v1/heartbeats/ping?token=${first}`).expect(404);
    await stack.http.get(`/api/v1/heartbeats/ping?token=${second}`).expect(200);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No heartbeat yet').waitFor();
    expect(await heartbeats()).toEqual([]);
  });
});
