import type { Browser } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { expectAccessibleInBothThemes, launchChromium, signInThroughPage } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

// The postmortem page in Chromium against the real API and PostgreSQL, driven as a person would:
// draft it from the incident page, edit and publish it, add an action item and tick it done; axe-core in both themes.
describe('the console: an incident postmortem', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof registerOwner>>;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    stack = await startTestStack();
    server = await listen(stack);
    owner = await registerOwner(stack.http, 'console-postmortem');
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
  });

  it('drafts, edits and publishes the postmortem, and follows an action item to done', async () => {
    const incident = (
      await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'Login outage', severity: 'critical' }).expect(201)
    ).body.data as { id: string };
    const { page } = await signInThroughPage(browser, server.url, owner.email, owner.password);
    await page.goto(`${server.url}/incidents/${incident.id}`);
    await page.getByRole('heading', { name: 'Login outage', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Postmortem', exact: true }).click();
    await page.getByRole('heading', { name: 'Postmortem', level: 1 }).waitFor();
    await page.getByText('Search is not available on this instance.').waitFor();
    await page.getByRole('button', { name: 'Draft the postmortem' }).click();

    const form = page.getByRole('form', { name: 'Postmortem' });
    const markdown = form.getByLabel('Markdown');
    await markdown.waitFor();
    expect(await markdown.inputValue()).toContain('## Key times');
    await expectAccessibleInBothThemes(page, 'postmortem');

    await markdown.fill('## Root cause\n\nAn expired signing key.\n');
    await form.getByLabel('Status').selectOption('published');
    await form.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/published/)
      .first()
      .waitFor();
    const saved = await waitFor(
      'the postmortem published',
      async () => {
        const { body } = await stack.http.get(`/api/v1/incidents/${incident.id}/postmortem`).set(bearer(owner.token)).expect(200);
        return body.data.status === 'published' ? (body.data as { content: string; published_at: string }) : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    expect(saved.content).toBe('## Root cause\n\nAn expired signing key.\n');

    const newItem = page.getByRole('form', { name: 'New action item' });
    await newItem.getByLabel('Action').fill('Alert before keys expire');
    await newItem.getByLabel('Owner').selectOption({ index: 1 });
    await newItem.getByLabel('Due').fill('2026-12-31');
    await newItem.getByRole('button', { name: 'Add action item' }).click();
    const item = page.getByRole('list', { name: 'Action items' }).getByRole('checkbox', { name: 'Alert before keys expire' });
    // Ticked once the API has it: the box shows the stored state, not a guess.
    await item.click();
    const done = await waitFor(
      'the action item done',
      async () => {
        const { body } = await stack.http
          .get(`/api/v1/incidents/${incident.id}/postmortem/action-items`)
          .set(bearer(owner.token))
          .expect(200);
        const [row] = body.data as Array<{ done: boolean; owner_id: string; due_date: string }>;
        return row?.done ? row : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    expect(done).toMatchObject({ owner_id: owner.user.id, due_date: '2026-12-31' });
    await waitFor('the box ticked', async () => ((await item.isChecked()) ? true : undefined), { timeoutMs: 10_000, intervalMs: 100 });
    await expectAccessibleInBothThemes(page, 'postmortem-action-items');
  });
});
