import type { Browser } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { expectAccessibleInBothThemes, launchChromium, signInThroughPage } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

interface Responder {
  user_id: string;
  message: string | null;
  status: string;
  via: { type: string; id: string };
}

// Responders in Debian's Chromium against the real API, PostgreSQL, Temporal and the worker: the
// owner asks a member for help with a message from the incident page; that member, signed in,
// sees the request and accepts it; a viewer sees the list and cannot ask. Axe-core in both themes.
describe('the console: an incident’s responders', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let helper: Member;
  let viewer: Member;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    stack = await startTestStack({ worker: true });
    server = await listen(stack);
    owner = await registerOwner(stack.http, 'console-responders');
    helper = await addMember(stack, owner.token, 'engineer', 'helper');
    viewer = await addMember(stack, owner.token, 'viewer', 'watcher');
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
  });

  const respondersOf = async (incidentId: string) =>
    (await stack.http.get(`/api/v1/incidents/${incidentId}/responders`).set(bearer(owner.token)).expect(200)).body.data as Responder[];

  it('asks a member with a message; the member accepts from the incident page; a viewer only sees them', async () => {
    const incident = (
      await stack.http
        .post('/api/v1/incidents')
        .set(bearer(owner.token))
        .send({ title: 'Checkout latency over 2 s', severity: 'high' })
        .expect(201)
    ).body.data as { id: string };

    const asking = await signInThroughPage(browser, server.url, owner.email, owner.password);
    await asking.page.goto(`${server.url}/incidents/${incident.id}`);
    const card = asking.page.getByRole('region', { name: 'Responders' });
    await card.getByText('Nobody asked yet.').waitFor();
    const form = card.getByRole('form', { name: 'Add responders' });
    await form.getByLabel('Ask').selectOption('user');
    await form.getByLabel('Responder').selectOption(helper.user.id);
    await form.getByLabel('Message').fill('Can you look at the payment gateway?');
    await expectAccessibleInBothThemes(asking.page, 'incident-responders-add');
    await form.getByRole('button', { name: 'Add responders' }).click();
    await form.getByRole('status').getByText('1 asked').waitFor();
    const row = card.getByTestId('responder');
    await row.getByText('helper member').waitFor();
    await row.getByText('requested').waitFor();
    expect(await respondersOf(incident.id)).toEqual([
      expect.objectContaining({
        user_id: helper.user.id,
        message: 'Can you look at the payment gateway?',
        status: 'requested',
        via: { type: 'user', id: helper.user.id },
      }),
    ]);
    // The owner was not asked: no accept or decline for them.
    await expect(card.getByRole('button', { name: 'Accept' }).count()).resolves.toBe(0);
    await asking.context.close();

    const answering = await signInThroughPage(browser, server.url, helper.email, helper.password);
    await answering.page.goto(`${server.url}/incidents/${incident.id}`);
    const own = answering.page.getByRole('region', { name: 'Responders' });
    await own.getByText('“Can you look at the payment gateway?”').waitFor();
    await expectAccessibleInBothThemes(answering.page, 'incident-responders-answer');
    await own.getByRole('button', { name: 'Accept' }).click();
    await own.getByTestId('responder').getByText('accepted').waitFor();
    await waitFor('the acceptance stored', async () => ((await respondersOf(incident.id))[0]?.status === 'accepted' ? true : undefined), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    await expect(own.getByRole('button', { name: 'Accept' }).count()).resolves.toBe(0);
    await answering.context.close();

    const watching = await signInThroughPage(browser, server.url, viewer.email, viewer.password);
    await watching.page.goto(`${server.url}/incidents/${incident.id}`);
    const seen = watching.page.getByRole('region', { name: 'Responders' });
    await seen.getByTestId('responder').getByText('accepted').waitFor();
    await expect(seen.getByRole('form', { name: 'Add responders' }).count()).resolves.toBe(0);
    await watching.context.close();
  }, 180_000);
});
