import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { launchChromium, screenshot, seriousViolations } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * The public status page in Chromium: axe-core finds no serious violation in the light and the
 * dark theme (the visitor's prefers-color-scheme), on a desktop and at a phone's width, where
 * nothing overflows sideways; its stylesheet passes its own Content-Security-Policy; the subscribe
 * form works.
 */
describe('the public status page in the browser (integration: real PostgreSQL, Chromium, axe-core)', () => {
  let stack: TestStack;
  let server: { url: string; close(): Promise<void> };
  let browser: Browser;
  const slug = `browser-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    browser = await launchChromium();
    stack = await startTestStack();
    server = await listen(stack);
    const owner = await registerOwner(stack.http, 'status-browser');
    const auth = bearer(owner.token);
    await stack.http.put('/api/v1/status-page').set(auth).send({ slug, title: 'Acme Cloud', enabled: true }).expect(200);
    const names = ['Public API', 'Dashboard', 'Webhooks delivery to customer endpoints in every region', 'Mobile push notifications'];
    for (const [position, name] of names.entries()) {
      await stack.http
        .post('/api/v1/status-page/components')
        .set(auth)
        .send({
          name,
          position,
          description: position === 0 ? 'REST and GraphQL endpoints' : null,
          status_override: position === 1 ? 'partial_outage' : null,
        })
        .expect(201);
    }
    const incident = (await stack.http.post('/api/v1/incidents').set(auth).send({ title: 'db-3 lag', severity: 'high' }).expect(201)).body
      .data;
    await stack.http
      .post(`/api/v1/incidents/${incident.id}/status-updates`)
      .set(auth)
      .send({
        kind: 'identified',
        visibility: 'public',
        title: 'Slow dashboard',
        body: `A long update without spaces ${'x'.repeat(120)} wraps on a phone.`,
      })
      .expect(201);
    const past = (await stack.http.post('/api/v1/incidents').set(auth).send({ title: 'old', severity: 'critical' }).expect(201)).body.data;
    await stack.http
      .post(`/api/v1/incidents/${past.id}/status-updates`)
      .set(auth)
      .send({ kind: 'resolved', visibility: 'public', title: 'API outage', body: 'Resolved after a rollback.' })
      .expect(201);
    await stack.http
      .post('/api/v1/maintenance-windows')
      .set(auth)
      .send({
        description: 'Database upgrade',
        starts_at: new Date(Date.now() + 86_400_000).toISOString(),
        ends_at: new Date(Date.now() + 90_000_000).toISOString(),
        time_zone: 'UTC',
      })
      .expect(201);
  }, 10 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`has no serious accessibility violation in the ${colorScheme} theme on a ${device}`, async () => {
        const context = await browser.newContext({ viewport, colorScheme });
        const page = await context.newPage();
        const refused: string[] = [];
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
        });
        await page.goto(`${server.url}/status/${slug}`);
        await page.getByRole('heading', { name: 'Acme Cloud status', level: 1 }).waitFor();
        expect(await page.getByRole('status').textContent()).toBe('Partial outage');
        await page.getByRole('heading', { name: 'Slow dashboard' }).waitFor();
        await page.getByRole('heading', { name: 'Database upgrade' }).waitFor();
        // The stylesheet applied (its hash is in the page's CSP): the theme's background.
        const background = await page.evaluate('getComputedStyle(document.body).backgroundColor');
        expect(background).toBe(colorScheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)');
        expect(refused).toEqual([]);
        expect({ colorScheme, device, violations: await seriousViolations(page) }).toEqual({ colorScheme, device, violations: [] });
        // Nothing overflows sideways.
        const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, `status-page-${device}-${colorScheme}`);
        await context.close();
      }, 60_000);
    }
  }

  it('subscribes through the form', async () => {
    const context = await browser.newContext({ viewport: PHONE, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${server.url}/status/${slug}`);
    await page.getByLabel('Email address').fill(`visitor-${randomUUID().slice(0, 8)}@example.test`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('heading', { name: 'Check your inbox', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 60_000);
});
