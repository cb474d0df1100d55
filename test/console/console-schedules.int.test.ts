import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { twoWeekWindow } from '../../console/src/lib/timeline.ts';
import { freePort } from '../../shared/net/free-port.ts';
import { expectAccessibleInBothThemes, launchChromium, signInThroughPage } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const ZONE = 'Europe/Berlin';
const SCHEDULE = 'Payments primary';

// The schedules pages in Debian's Chromium against the real API and PostgreSQL, driven through the
// page as a person would: an owner builds a schedule and covers its gap from the timeline, a
// responder takes and drops the pager, on call now shows on the incidents page, and the personal
// calendar feed URL is copied and fetched. Axe-core in both themes on every page.
describe('the console: on-call schedules', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let engineer: Member;
  let viewer: Member;
  let scheduleId: string;

  beforeAll(async () => {
    await buildConsoleIfStale();
    browser = await launchChromium();
    // The feed URL is built on PUBLIC_URL: the browser and this test fetch it from the server below.
    // The worker relays schedule.updated events to the open pages.
    const port = await freePort();
    stack = await startTestStack({ worker: true, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
    server = await listen(stack, { port });
    owner = await registerOwner(stack.http, 'console-schedules');
    engineer = await addMember(stack, owner.token, 'engineer', 'responder');
    viewer = await addMember(stack, owner.token, 'viewer', 'watcher');
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
  });

  const signIn = (email: string, password: string) => signInThroughPage(browser, server.url, email, password);

  const checkPage = expectAccessibleInBothThemes;

  const nav = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click();
  const finalRow = (page: Page) => page.getByRole('list', { name: 'Final schedule' });
  const gapButtons = (page: Page) => finalRow(page).getByRole('button', { name: /^Gap: nobody on call/ });

  /** The final schedule over the two weeks the page shows first. */
  async function shifts() {
    const { from, to } = twoWeekWindow(ZONE, 0, new Date());
    const answer = await stack.http.get(`/api/v1/schedules/${scheduleId}/shifts`).query({ from, to }).set(bearer(owner.token)).expect(200);
    return answer.body.data as { shifts: Array<{ user_id: string; source: string }>; gaps: unknown[] };
  }

  it('lets an owner create a schedule and shows its two weeks with the gap marked', async () => {
    const { context, page } = await signIn(owner.email, owner.password);
    await nav(page, 'Schedules');
    await page.getByText('No schedules yet').waitFor();
    await page.getByRole('button', { name: 'New schedule' }).click();
    const form = page.getByRole('form', { name: 'New schedule' });
    await form.getByLabel('Name', { exact: true }).fill(SCHEDULE);
    await form.getByLabel('Time zone').fill(ZONE);
    await form.getByLabel('Description').fill('Card payments and payouts');
    await form.getByLabel('Rotation').selectOption('daily');
    await form.getByLabel('Handoff time').fill('09:00');
    // From yesterday 09:00 Berlin time for four daily turns: someone now, then nobody until the window ends.
    const start = DateTime.now().setZone(ZONE).minus({ days: 1 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
    await form.getByLabel('Starts').fill(start.toFormat("yyyy-LL-dd'T'HH:mm"));
    await form.getByLabel('Ends (optional)').fill(start.plus({ days: 4 }).toFormat("yyyy-LL-dd'T'HH:mm"));
    for (const member of [owner.user.id, engineer.user.id]) {
      await form.getByLabel('Member to add to Layer 1').selectOption(member);
      await form.getByRole('button', { name: 'Add to rotation' }).click();
    }
    await checkPage(page, 'schedule-new');
    await form.getByRole('button', { name: 'Create schedule' }).click();

    await page.getByRole('heading', { name: SCHEDULE, level: 1 }).waitFor();
    scheduleId = new URL(page.url()).pathname.split('/').pop() as string;
    const stored = (await stack.http.get(`/api/v1/schedules/${scheduleId}`).set(bearer(owner.token)).expect(200)).body.data;
    expect(stored).toMatchObject({
      time_zone: ZONE,
      layers: [{ rotation: 'daily', users: [owner.user.id, engineer.user.id], handoff_time: '09:00', start: start.toUTC().toISO() }],
    });
    // One row per layer and the final row; the gap says so in words, on the row and below it.
    await page.getByRole('list', { name: 'Layer 1' }).getByRole('listitem').first().waitFor();
    await expect(gapButtons(page).count()).resolves.toBe(1);
    const gapStart = start.plus({ days: 4 });
    await gapButtons(page)
      .filter({ hasText: `Gap: nobody on call, ${gapStart.toFormat('ccc d LLL HH:mm')}` })
      .waitFor();
    await page.getByTestId('gap-summary').getByText('1 gap with nobody on call').waitFor();
    await checkPage(page, 'schedule');

    // The next two weeks are all gap (once they are loaded: the previous ones stay until then); back to today.
    const nextStart = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 14 });
    await page.getByRole('button', { name: 'Next two weeks' }).click();
    await gapButtons(page)
      .filter({ hasText: `Gap: nobody on call, ${nextStart.toFormat('ccc d LLL HH:mm')}` })
      .waitFor();
    await expect(finalRow(page).getByRole('button').count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Today' }).click();
    await gapButtons(page)
      .filter({ hasText: gapStart.toFormat('ccc d LLL HH:mm') })
      .waitFor();
    await context.close();
  });

  it("shows a viewer the timeline, its gap in words and others' changes live, with no edit or override controls", async () => {
    const { context, page } = await signIn(viewer.email, viewer.password);
    await nav(page, 'Schedules');
    await page.getByRole('link', { name: SCHEDULE }).click();
    await page.getByRole('heading', { name: SCHEDULE, level: 1 }).waitFor();
    await finalRow(page).getByRole('listitem').filter({ hasText: 'Gap: nobody on call' }).waitFor();
    for (const control of ['Edit', 'Delete', 'Add an override'])
      await expect(page.getByRole('button', { name: control, exact: true }).count()).resolves.toBe(0);
    await expect(finalRow(page).getByRole('button').count()).resolves.toBe(0);
    // Someone else's change reaches the open page over the socket (schedule.updated), without a reload.
    await page.evaluate('window.notReloaded = true');
    const gap = (await shifts()).gaps[0] as { start: string; end: string };
    const added = await stack.http
      .post(`/api/v1/schedules/${scheduleId}/overrides`)
      .set(bearer(owner.token))
      .send({ user_id: owner.user.id, start: gap.start, end: gap.end })
      .expect(201);
    // Removed in any case: the tests below start from the gap.
    try {
      await page.getByTestId('gap-summary').getByText('No gaps').waitFor({ timeout: 10_000 });
    } finally {
      await stack.http.delete(`/api/v1/schedules/${scheduleId}/overrides/${added.body.data.id}`).set(bearer(owner.token)).expect(204);
    }
    await page.getByTestId('gap-summary').getByText('1 gap with nobody on call').waitFor({ timeout: 10_000 });
    expect(await page.evaluate('window.notReloaded')).toBe(true);
    // On a phone the rows scroll sideways: the scrolling region must be reachable from the keyboard.
    await page.setViewportSize({ width: 390, height: 844 });
    await checkPage(page, 'schedule-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await nav(page, 'Schedules');
    await page.getByRole('link', { name: SCHEDULE }).waitFor();
    await expect(page.getByRole('button', { name: 'New schedule' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('covers the gap with an override picked from the timeline, and the final row changes', async () => {
    const { context, page } = await signIn(owner.email, owner.password);
    await page.goto(`/schedules/${scheduleId}`);
    await gapButtons(page).click();
    const form = page.getByRole('form', { name: 'Add an override' });
    // The gap's bounds, in the schedule's zone.
    const gap = (await shifts()).gaps[0] as { start: string; end: string };
    expect(await form.getByLabel('From').inputValue()).toBe(DateTime.fromISO(gap.start, { zone: ZONE }).toFormat("yyyy-LL-dd'T'HH:mm"));
    expect(await form.getByLabel('Until').inputValue()).toBe(DateTime.fromISO(gap.end, { zone: ZONE }).toFormat("yyyy-LL-dd'T'HH:mm"));
    await form.getByLabel('Who').selectOption(engineer.user.id);
    await form.getByRole('button', { name: 'Add override' }).click();
    await finalRow(page)
      .getByRole('button', { name: /^responder member, .*, override\./ })
      .waitFor();
    await expect(gapButtons(page).count()).resolves.toBe(0);
    await page.getByTestId('gap-summary').getByText('No gaps').waitFor();
    expect((await shifts()).gaps).toEqual([]);
    expect((await shifts()).shifts.at(-1)).toMatchObject({ user_id: engineer.user.id, source: 'override' });
    await page.getByRole('region', { name: 'Overrides' }).getByRole('listitem').filter({ hasText: 'responder member' }).waitFor();
    await checkPage(page, 'schedule-override');
    await context.close();
  });

  it('shows who is on call now on the incidents page', async () => {
    const { context, page } = await signIn(owner.email, owner.password);
    const [now] = (await stack.http.get('/api/v1/oncall').set(bearer(owner.token)).expect(200)).body.data;
    const name =
      now.user_id === owner.user.id
        ? (await stack.http.get('/api/v1/auth/me').set(bearer(owner.token))).body.data.name
        : 'responder member';
    const onCall = page.getByRole('region', { name: 'On call now' });
    await onCall.getByRole('link', { name: SCHEDULE }).waitFor();
    await onCall.getByText(name, { exact: true }).waitFor();
    await checkPage(page, 'incidents-oncall');
    await context.close();
  });

  it('lets a responder put only themselves on call and remove their override, without edit controls', async () => {
    const { context, page } = await signIn(engineer.email, engineer.password);
    await nav(page, 'Schedules');
    await page.getByRole('link', { name: SCHEDULE }).click();
    await page.getByRole('heading', { name: SCHEDULE, level: 1 }).waitFor();
    await finalRow(page).getByRole('listitem').first().waitFor();
    await expect(page.getByRole('button', { name: 'Edit', exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Delete', exact: true }).count()).resolves.toBe(0);
    // Their override (put there by the owner) is theirs to remove: the gap comes back.
    await page
      .getByRole('region', { name: 'Overrides' })
      .getByRole('button', { name: /^Remove the override of responder member/ })
      .click();
    await gapButtons(page).waitFor();
    // From the timeline, the only person they can put on call is themselves.
    await gapButtons(page).click();
    const form = page.getByRole('form', { name: 'Add an override' });
    expect(await form.getByLabel('Who').locator('option').allTextContents()).toEqual(['responder member (you)']);
    await form.getByRole('button', { name: 'Add override' }).click();
    await finalRow(page)
      .getByRole('button', { name: /^responder member, .*, override\./ })
      .waitFor();
    expect((await shifts()).gaps).toEqual([]);
    await checkPage(page, 'schedule-responder');
    await context.close();
  });

  it("lists the responder's shifts and hands out the calendar feed URL to copy, rotate and revoke", async () => {
    const { context, page } = await signIn(engineer.email, engineer.password);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await nav(page, 'Schedules');
    await page.getByRole('navigation', { name: 'Schedules' }).getByRole('link', { name: 'My shifts' }).click();
    await page.getByRole('heading', { name: 'My shifts', level: 1 }).waitFor();
    const rows = page.getByTestId('my-shift');
    await rows.first().waitFor();
    expect(await rows.first().textContent()).toContain(SCHEDULE);
    const feed = page.getByRole('region', { name: 'Calendar feed' });
    await feed.getByText('You have no calendar feed.').waitFor();
    await feed.getByRole('button', { name: 'Create feed address' }).click();
    const shown = (await feed.getByTestId('feed-url').textContent()) as string;
    await feed.getByRole('button', { name: 'Copy feed address' }).click();
    await feed.getByText('Copied to the clipboard.').waitFor();
    const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
    expect(copied).toBe(shown);
    await checkPage(page, 'my-shifts');

    // The copied address is a working calendar of the responder's shifts, with no credential.
    const calendar = await fetch(copied);
    expect(calendar.status).toBe(200);
    expect(calendar.headers.get('content-type')).toMatch(/^text\/calendar/);
    const events = new ICAL.Component(ICAL.parse(await calendar.text())).getAllSubcomponents('vevent');
    expect(events.map((event) => event.getFirstPropertyValue('summary'))).toContain(`On call: responder member (${SCHEDULE})`);

    // Rotating shows a new address and ends the old one; revoking ends that one too.
    await feed.getByRole('button', { name: 'Rotate feed address' }).click();
    await feed.getByTestId('feed-url').filter({ hasNotText: shown }).waitFor();
    const rotated = (await feed.getByTestId('feed-url').textContent()) as string;
    expect((await fetch(copied)).status).toBe(404);
    expect((await fetch(rotated)).status).toBe(200);
    await feed.getByRole('button', { name: 'Revoke feed' }).click();
    await feed.getByText('You have no calendar feed.').waitFor();
    expect((await fetch(rotated)).status).toBe(404);
    await context.close();
  });

  it('lets an owner edit the schedule: a bad zone is refused on its field, a restriction opens gaps', async () => {
    const { context, page } = await signIn(owner.email, owner.password);
    await page.goto(`/schedules/${scheduleId}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: `Edit ${SCHEDULE}` });
    await form.getByLabel('Time zone').fill('Mars/Olympus_Mons');
    await form.getByRole('button', { name: 'Save' }).click();
    await form
      .getByRole('alert')
      .getByText(/time_zone.*must be an IANA time zone name/)
      .waitFor();
    await form.getByLabel('Time zone').fill(ZONE);
    await form.getByRole('button', { name: 'Add a restriction' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const stored = (await stack.http.get(`/api/v1/schedules/${scheduleId}`).set(bearer(owner.token)).expect(200)).body.data;
    expect(stored.layers[0].restrictions).toEqual([
      { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], start: '09:00', end: '17:00' },
    ]);
    // Nights and the weekend are nobody's now, before the responder's override takes over.
    await page
      .getByTestId('gap-summary')
      .getByText(/^\d+ gaps? with nobody on call/)
      .waitFor();
    expect((await shifts()).gaps.length).toBeGreaterThan(0);
    await context.close();
  });

  it('lets an owner delete the schedule', async () => {
    const { context, page } = await signIn(owner.email, owner.password);
    await page.goto(`/schedules/${scheduleId}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText('No schedules yet').waitFor();
    await stack.http.get(`/api/v1/schedules/${scheduleId}`).set(bearer(owner.token)).expect(404);
    await context.close();
  });
});
