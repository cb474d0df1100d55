import type { Browser } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { expectAccessibleInBothThemes, launchChromium, signInThroughPage } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

// The incident page's merge and link cards in Chromium against the real API and PostgreSQL,
// driven as a person would; axe-core in both themes.
describe('the console: merging and linking incidents on the incident page', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof registerOwner>>;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    stack = await startTestStack();
    server = await listen(stack);
    owner = await registerOwner(stack.http, 'console-merge');
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
  });

  const create = async (title: string) =>
    (await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title, severity: 'high' }).expect(201)).body.data as {
      id: string;
    };
  const detail = async (id: string) =>
    (await stack.http.get(`/api/v1/incidents/${id}`).set(bearer(owner.token)).expect(200)).body.data as {
      status: string;
      merged_into: string | null;
    };

  it('merges an incident into this one and unmerges it, then links another from this side', async () => {
    const target = await create('Checkout is down');
    const source = await create('Payments time out');
    const related = await create('Database failover');
    const { page } = await signInThroughPage(browser, server.url, owner.email, owner.password);
    await page.goto(`${server.url}/incidents/${target.id}`);
    await page.getByRole('heading', { name: 'Checkout is down', level: 1 }).waitFor();

    const mergeForm = page.getByRole('form', { name: 'Merge incidents into this one' });
    await mergeForm.getByLabel('Merge into this one').selectOption([source.id]);
    await mergeForm.getByRole('button', { name: /^Merge/ }).click();
    const merged = page.getByRole('list', { name: 'Incidents merged into this one' });
    await merged.getByText('Payments time out').waitFor();
    expect(await detail(source.id)).toMatchObject({ status: 'resolved', merged_into: target.id });
    await expectAccessibleInBothThemes(page, 'incident-merge');

    // The source's page says where it went.
    await page.goto(`${server.url}/incidents/${source.id}`);
    await page.getByRole('note').getByRole('link', { name: 'Checkout is down' }).waitFor();
    await page.goto(`${server.url}/incidents/${target.id}`);
    await page.getByRole('button', { name: 'Unmerge Payments time out' }).click();
    await page.getByText('No incident merged into this one.').waitFor();
    await waitFor('the source reopened', async () => ((await detail(source.id)).status === 'active' ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });

    const linkForm = page.getByRole('form', { name: 'Link an incident' });
    await linkForm.getByLabel('This incident is').selectOption('caused_by');
    await linkForm.getByRole('combobox', { name: /^Incident/ }).selectOption(related.id);
    await linkForm.getByRole('button', { name: 'Link' }).click();
    await page.getByRole('list', { name: 'Linked incidents' }).getByText('Caused by').waitFor();
    const links = (await stack.http.get(`/api/v1/incidents/${related.id}/links`).set(bearer(owner.token)).expect(200)).body.data as Array<{
      direction: string;
      incident: { id: string };
    }>;
    expect(links).toEqual([expect.objectContaining({ direction: 'incoming', incident: expect.objectContaining({ id: target.id }) })]);
    await page.getByRole('button', { name: 'Remove the link to Database failover' }).click();
    await page.getByText('No linked incident.').waitFor();
  });
});
