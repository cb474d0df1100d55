import type { Browser } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { expectAccessibleInBothThemes, launchChromium, signInThroughPage } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { bearer } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

// Administration → Priority runbooks in Chromium against the real API and PostgreSQL, driven as a
// person would; axe-core in both themes.
describe('the console: priority runbooks', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    stack = await startTestStack();
    server = await listen(stack);
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
  });

  it('sets the P1 runbook with auto-approval, then removes it', async () => {
    const owner = await registerOwner(stack.http, 'console-priority-runbooks');
    const procedure = (
      await stack.http
        .post('/api/v1/procedures')
        .set(bearer(owner.token))
        .send({ name: 'Fail over the database', steps: [{ name: 'Look', type: 'manual', config: {} }] })
        .expect(201)
    ).body.data as { id: string };
    const stored = async () =>
      (await stack.http.get('/api/v1/priority-runbooks').set(bearer(owner.token)).expect(200)).body.data as Array<{
        priority: string;
        procedure_id: string;
        auto_approve: boolean;
        resolve_incident: boolean;
      }>;

    const { page } = await signInThroughPage(browser, server.url, owner.email, owner.password);
    await page.goto(`${server.url}/admin/priority-runbooks`);
    await page.getByRole('heading', { name: 'Priority runbooks', level: 1 }).waitFor();
    const p1 = page.getByRole('form', { name: 'Runbook of P1' });
    await p1.getByLabel('P1 runbook').selectOption(procedure.id);
    await p1.getByLabel('Run steps that change systems without approval').check();
    await p1.getByRole('button', { name: 'Save P1' }).click();
    const [saved] = await waitFor('the P1 runbook stored', async () => ((await stored()).length === 1 ? await stored() : undefined), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    expect(saved).toEqual(
      expect.objectContaining({ priority: 'P1', procedure_id: procedure.id, auto_approve: true, resolve_incident: true }),
    );
    await expectAccessibleInBothThemes(page, 'priority-runbooks');

    const again = page.getByRole('form', { name: 'Runbook of P1' });
    await again.getByLabel('P1 runbook').selectOption('');
    await again.getByRole('button', { name: 'Save P1' }).click();
    await waitFor('the P1 runbook removed', async () => ((await stored()).length === 0 ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
  });
});
