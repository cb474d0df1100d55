import type { Browser, Page } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { expectAccessibleInBothThemes, launchChromium, signInThroughPage } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

interface StoredTeam {
  id: string;
  name: string;
  default_escalation_policy_id: string | null;
  members: Array<{ user_id: string; role: string }>;
}

// The Teams page and team targets in the policy editor, in Debian's Chromium against the real API and
// PostgreSQL: what an owner does through the pages, checked through the API; axe-core in both themes.
describe('the console: teams', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let engineer: Member;
  let policyId: string;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    stack = await startTestStack();
    server = await listen(stack);
    owner = await registerOwner(stack.http, 'console-teams');
    engineer = await addMember(stack, owner.token, 'engineer', 'storage');
    policyId = (
      await stack.http
        .post('/api/v1/escalation-policies')
        .set(bearer(owner.token))
        .send({ name: 'Storage default', levels: [{ targets: [{ type: 'user', id: owner.user.id }], delay_minutes: 5 }] })
        .expect(201)
    ).body.data.id;
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
  });

  const nav = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click();
  const teams = async (): Promise<StoredTeam[]> => (await stack.http.get('/api/v1/teams').set(bearer(owner.token)).expect(200)).body.data;

  it('creates a team, adds a manager, sets its default policy, then pages it from a policy level', async () => {
    const { context, page } = await signInThroughPage(browser, server.url, owner.email, owner.password);
    await nav(page, 'Teams');
    await page.getByText('No team yet').waitFor();
    const form = page.getByRole('form', { name: 'New team' });
    await form.getByLabel('Name', { exact: true }).fill('Storage');
    await form.getByRole('button', { name: 'Create team' }).click();
    const card = page.getByRole('region', { name: 'Storage' });
    await card.getByText('No members yet.').waitFor();

    await card.getByLabel('Add a member to Storage').selectOption(engineer.user.id);
    await card.getByLabel('Role').selectOption('manager');
    await card.getByRole('button', { name: 'Add to team' }).click();
    await card.getByRole('list', { name: 'Members of Storage' }).getByText('storage member').waitFor();
    await card.getByLabel(/Default escalation policy/).selectOption(policyId);
    const stored = await waitFor(
      'the default policy saved',
      async () => {
        const [team] = await teams();
        return team?.default_escalation_policy_id === policyId ? team : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    expect(stored).toMatchObject({ name: 'Storage', members: [{ user_id: engineer.user.id, role: 'manager' }] });
    await expectAccessibleInBothThemes(page, 'teams');

    // The policy editor offers the team as a level target.
    await nav(page, 'Paging');
    await page.getByRole('button', { name: 'Edit Storage default' }).click();
    const editor = page.getByRole('form', { name: 'Edit Storage default' });
    await editor.getByLabel('Level 1: add').selectOption(`team:${stored.id}`);
    await editor.getByRole('button', { name: 'Add to level 1' }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Levels of Storage default' }).getByText('Storage (team on call, else every member)').waitFor();
    const policy = (await stack.http.get(`/api/v1/escalation-policies/${policyId}`).set(bearer(owner.token)).expect(200)).body.data;
    expect(policy.levels[0].targets).toEqual([
      { type: 'user', id: owner.user.id },
      { type: 'team', id: stored.id },
    ]);

    // A team a policy pages cannot be deleted: the page shows why.
    await nav(page, 'Teams');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Storage' }).click();
    await page.getByText(/Escalation policies page this team \("Storage default"\)/).waitFor();
    expect((await teams()).map((team) => team.name)).toEqual(['Storage']);
    await context.close();
  });
});
