import type { Browser } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { expectAccessibleInBothThemes, launchChromium, signInThroughPage } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

// The incident page's roles card and priority select in Chromium against the real API and
// PostgreSQL, driven as a person would; axe-core in both themes.
describe('the console: incident roles and priority on the incident page', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let commander: Member;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    stack = await startTestStack();
    server = await listen(stack);
    owner = await registerOwner(stack.http, 'console-roles');
    commander = await addMember(stack, owner.token, 'engineer', 'commander');
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
  });

  it('sets the priority and hands the commander role to a member, then unassigns it', async () => {
    const incident = (
      await stack.http.post('/api/v1/incidents').set(bearer(owner.token)).send({ title: 'Checkout is slow', severity: 'high' }).expect(201)
    ).body.data as { id: string };
    const { page } = await signInThroughPage(browser, server.url, owner.email, owner.password);
    await page.goto(`${server.url}/incidents/${incident.id}`);
    await page.getByRole('heading', { name: 'Checkout is slow', level: 1 }).waitFor();

    await page.getByLabel('Priority').selectOption('P2');
    const detail = async () =>
      (await stack.http.get(`/api/v1/incidents/${incident.id}`).set(bearer(owner.token)).expect(200)).body.data as {
        priority: string | null;
        roles: Array<{ role_key: string; user_id: string }>;
      };
    await waitFor('the priority stored', async () => ((await detail()).priority === 'P2' ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });

    const form = page.getByRole('form', { name: 'Assign a role' });
    await form.getByLabel('Role').selectOption('incident_commander');
    await form.getByLabel('Member').selectOption(commander.user.id);
    await form.getByRole('button', { name: 'Assign' }).click();
    await form.getByRole('status').getByText('commander member is paged now').waitFor();
    const holders = page.getByRole('list', { name: 'Role holders' });
    await holders.getByText('Incident commander').waitFor();
    expect((await detail()).roles).toEqual([expect.objectContaining({ role_key: 'incident_commander', user_id: commander.user.id })]);
    await expectAccessibleInBothThemes(page, 'incident-roles');

    await page.getByRole('button', { name: 'Unassign Incident commander' }).click();
    await page.getByText('Nobody holds a role yet.').waitFor();
    expect((await detail()).roles).toEqual([]);
  });
});
