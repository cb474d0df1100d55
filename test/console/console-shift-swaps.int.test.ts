import type { Browser } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { waitFor } from '../../dev/wait-for.ts';
import { expectAccessibleInBothThemes, launchChromium, signInThroughPage } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

interface SwapRequest {
  id: string;
  requester_id: string;
  target_user_id: string | null;
  message: string | null;
  status: string;
  override_id: string | null;
}

// Shift swaps in Debian's Chromium against the real API and PostgreSQL: the on-call member asks
// for cover of a shift from My shifts; another member accepts it there (an override is made); a
// second request is cancelled by its requester. Axe-core in both themes.
describe('the console: shift swap requests on My shifts', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let oncall: Member;
  let scheduleId: string;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    stack = await startTestStack();
    server = await listen(stack);
    owner = await registerOwner(stack.http, 'console-swaps');
    oncall = await addMember(stack, owner.token, 'engineer', 'oncall');
    // The on-call member and the owner take turns daily: the member has several shifts ahead.
    scheduleId = (
      await stack.http
        .post('/api/v1/schedules')
        .set(bearer(owner.token))
        .send({
          name: 'Primary',
          time_zone: 'Europe/Berlin',
          layers: [
            {
              users: [oncall.user.id, owner.user.id],
              rotation: 'daily',
              handoff_time: '09:00',
              start: new Date(Date.now() - 2 * 86_400_000).toISOString(),
            },
          ],
        })
        .expect(201)
    ).body.data.id as string;
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
  });

  const swapsOf = async () =>
    (await stack.http.get(`/api/v1/schedules/${scheduleId}/swap-requests`).set(bearer(owner.token)).expect(200)).body.data as SwapRequest[];

  it('asks for cover of a shift; another member accepts it (an override); a second request is cancelled', async () => {
    const asking = await signInThroughPage(browser, server.url, oncall.email, oncall.password);
    await asking.page.goto(`${server.url}/schedules/my-shifts`);
    const swaps = asking.page.getByRole('region', { name: 'Shift swap requests' });
    await swaps.getByText('No open swap requests').waitFor();
    await asking.page.getByTestId('my-shift').first().getByRole('button', { name: 'Ask for cover' }).click();
    const form = asking.page.getByRole('form', { name: 'Ask for cover' });
    await form.getByLabel('Message').fill('Dentist appointment');
    await expectAccessibleInBothThemes(asking.page, 'my-shifts-ask-cover');
    await form.getByRole('button', { name: 'Send request' }).click();
    const row = swaps.getByTestId('swap-request');
    await row.getByText('“Dentist appointment”').waitFor();
    const [first] = await swapsOf();
    expect(first).toMatchObject({ requester_id: oncall.user.id, target_user_id: null, message: 'Dentist appointment', status: 'open' });

    const covering = await signInThroughPage(browser, server.url, owner.email, owner.password);
    await covering.page.goto(`${server.url}/schedules/my-shifts`);
    const offered = covering.page.getByRole('region', { name: 'Shift swap requests' }).getByTestId('swap-request');
    await offered.getByText('oncall member').waitFor();
    await expectAccessibleInBothThemes(covering.page, 'my-shifts-swap-offered');
    await offered.getByRole('button', { name: 'Accept' }).click();
    await covering.page.getByRole('region', { name: 'Shift swap requests' }).getByText('No open swap requests').waitFor();
    const accepted = await waitFor(
      'the request accepted',
      async () => (await swapsOf()).find((request) => request.id === first?.id && request.status === 'accepted'),
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    expect(accepted.override_id).not.toBeNull();
    const overrides = (await stack.http.get(`/api/v1/schedules/${scheduleId}`).set(bearer(owner.token)).expect(200)).body.data
      .overrides as Array<{ id: string; user_id: string }>;
    expect(overrides).toEqual([expect.objectContaining({ id: accepted.override_id, user_id: owner.user.id })]);
    await covering.context.close();

    // A second request, then second thoughts: its requester cancels it.
    await asking.page.reload();
    const shift = asking.page.getByTestId('my-shift').last();
    await shift.getByRole('button', { name: 'Ask for cover' }).click();
    await asking.page.getByRole('form', { name: 'Ask for cover' }).getByRole('button', { name: 'Send request' }).click();
    const mine = asking.page.getByRole('region', { name: 'Shift swap requests' }).getByTestId('swap-request');
    await mine.getByRole('button', { name: 'Cancel request' }).click();
    await asking.page.getByRole('region', { name: 'Shift swap requests' }).getByText('No open swap requests').waitFor();
    expect((await swapsOf()).map((request) => request.status).sort()).toEqual(['accepted', 'cancelled']);
    await asking.context.close();
  }, 180_000);
});
