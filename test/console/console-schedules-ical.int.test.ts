import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { formatRange } from '../../console/src/lib/timeline.ts';
import { expectAccessibleInBothThemes, launchChromium, signInThroughPage } from '../helpers/browser.ts';
import { listen } from '../helpers/listening-stack.ts';
import { addMember, bearer, type Member } from '../helpers/members.ts';
import { calendar, startCalendarServer } from '../helpers/calendar-server.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

const ZONE = 'Europe/Berlin';
const SCHEDULE = 'Payments with a calendar';
// The calendar URL's token: it must never reach a page, like any write-only secret.
const SECRET = 'feedtoken-8c1d5e0a2f';

// An `ical` layer driven through the schedule pages in Debian's Chromium, against the real API,
// PostgreSQL, Temporal and worker, with the calendar served on loopback: added in the form, its
// imported shifts on the timeline, its fetch state and "Refresh now", kept when the schedule is edited.
describe('the console: iCalendar feed layers', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let feed: Awaited<ReturnType<typeof startCalendarServer>>;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let engineer: Member;
  let scheduleId: string;
  let layerId: string;
  const feedPath = `/cal/${SECRET}/team.ics?key=${SECRET}`;
  const tomorrow = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 1 });
  const first = { uid: 'one@console-test', start: tomorrow.set({ hour: 9 }), end: tomorrow.set({ hour: 18 }), summary: 'Primary' };
  const moved = { ...first, start: tomorrow.plus({ days: 1 }).set({ hour: 12 }), end: tomorrow.plus({ days: 1 }).set({ hour: 20 }) };
  const stranger = { uid: 'two@console-test', start: tomorrow.plus({ days: 2 }), end: tomorrow.plus({ days: 2, hours: 4 }) };

  beforeAll(async () => {
    await buildConsoleIfStale();
    feed = await startCalendarServer();
    browser = await launchChromium();
    // Loopback is internal: this stack lets the outbound guard reach it, as development does.
    stack = await startTestStack({ worker: true, env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    server = await listen(stack);
    owner = await registerOwner(stack.http, 'console-ical');
    engineer = await addMember(stack, owner.token, 'engineer', 'responder');
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stack?.stop();
    await feed?.close();
  });

  const signIn = (email: string, password: string) => signInThroughPage(browser, server.url, email, password);

  const checkPage = expectAccessibleInBothThemes;

  const getSchedule = async () =>
    (await stack.http.get(`/api/v1/schedules/${scheduleId}`).set(bearer(owner.token)).expect(200)).body.data as {
      layers: Array<{ kind: string; id?: string; name?: string | null; event_count?: number; last_error?: string | null }>;
    };
  const feedState = (page: Page) => page.getByRole('region', { name: 'Imported calendars' }).getByRole('listitem', { name: /^Layer 2/ });
  const shiftOf = (page: Page, row: string | RegExp, who: string, event: { start: DateTime; end: DateTime }) =>
    page
      .getByRole('list', { name: row })
      .getByRole('listitem')
      .filter({ hasText: `${who}, ${formatRange(event.start.toUTC().toISO() as string, event.end.toUTC().toISO() as string, ZONE)}` });

  it('lets an owner add an iCalendar feed layer whose imported shifts and fetch state show on the schedule', async () => {
    feed.state.body = calendar([
      { ...first, attendee: engineer.email },
      { ...stranger, summary: 'stranger@example.test' },
    ]);
    const { context, page } = await signIn(owner.email, owner.password);
    await page.goto('/schedules');
    await page.getByRole('button', { name: 'New schedule' }).click();
    const form = page.getByRole('form', { name: 'New schedule' });
    await form.getByLabel('Name', { exact: true }).fill(SCHEDULE);
    await form.getByLabel('Time zone').fill(ZONE);
    const start = DateTime.now().setZone(ZONE).minus({ days: 1 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
    const rotation = form.getByRole('group', { name: 'Layer 1', exact: true });
    await rotation.getByLabel('Rotation').selectOption('daily');
    await rotation.getByLabel('Starts').fill(start.toFormat("yyyy-LL-dd'T'HH:mm"));
    await rotation.getByLabel('Member to add to Layer 1').selectOption(owner.user.id);
    await rotation.getByRole('button', { name: 'Add to rotation' }).click();
    // The calendar goes above the rotation: where it has someone, it wins.
    await form.getByRole('button', { name: 'Add an iCalendar feed layer' }).click();
    const ical = form.getByRole('group', { name: 'Layer 2', exact: true });
    await ical.getByLabel('Layer name (optional)').fill('Team calendar');
    await ical.getByLabel('Calendar URL (.ics)').fill(feed.url(feedPath));
    await ical.getByLabel('Starts').fill(start.toFormat("yyyy-LL-dd'T'HH:mm"));
    await checkPage(page, 'schedule-ical-new');
    await form.getByRole('button', { name: 'Create schedule' }).click();

    await page.getByRole('heading', { name: SCHEDULE, level: 1 }).waitFor();
    scheduleId = new URL(page.url()).pathname.split('/').pop() as string;
    const stored = await getSchedule();
    expect(stored.layers.map((layer) => [layer.kind, layer.name])).toEqual([
      ['rotation', null],
      ['ical', 'Team calendar'],
    ]);
    layerId = stored.layers[1]?.id as string;

    // The first fetch runs in the worker; its schedule.updated event brings the imports to the open page.
    await feedState(page).getByText('Events imported').waitFor();
    await feedState(page).locator('dd').filter({ hasText: '1 (no member with that email)' }).waitFor({ timeout: 30_000 });
    await expect(feedState(page).locator('dd').first().textContent()).resolves.not.toBe('not yet');
    await shiftOf(page, 'Layer 2: Team calendar', 'responder member', first).waitFor({ timeout: 30_000 });
    await shiftOf(page, 'Final schedule', 'responder member', first).waitFor();
    expect(feed.state.paths).toContain(feedPath);
    // Only the host shows: the token in the URL's path and query never reaches the page.
    await feedState(page).getByText(feed.url('/…')).waitFor();
    expect(await page.content()).not.toContain(SECRET);
    await checkPage(page, 'schedule-ical');
    await context.close();
  }, 180_000);

  it('fetches the calendar again on "Refresh now" and shows a failed fetch, keeping the last good shifts', async () => {
    const { context, page } = await signIn(owner.email, owner.password);
    await page.goto(`/schedules/${scheduleId}`);
    await shiftOf(page, 'Final schedule', 'responder member', first).waitFor();
    feed.state.body = calendar([{ ...moved, attendee: engineer.email }]);
    await feedState(page)
      .getByRole('button', { name: /^Refresh now/ })
      .click();
    await shiftOf(page, 'Final schedule', 'responder member', moved).waitFor();
    await expect(shiftOf(page, 'Final schedule', 'responder member', first).count()).resolves.toBe(0);
    await feedState(page).locator('dd').filter({ hasText: /^0$/ }).waitFor();

    feed.state.status = 503;
    await feedState(page)
      .getByRole('button', { name: /^Refresh now/ })
      .click();
    await feedState(page).getByText('Last fetch failed: The calendar server answered HTTP 503').waitFor();
    await shiftOf(page, 'Layer 2: Team calendar', 'responder member', moved).waitFor();
    await checkPage(page, 'schedule-ical-failed');
    feed.state.status = 200;
    await context.close();
  }, 120_000);

  it('shows a responder the fetch state without the refresh control', async () => {
    const { context, page } = await signIn(engineer.email, engineer.password);
    await page.goto(`/schedules/${scheduleId}`);
    await feedState(page).getByText('Events imported').waitFor();
    await expect(page.getByRole('button', { name: /Refresh now/ }).count()).resolves.toBe(0);
    await context.close();
  }, 120_000);

  it('keeps the layer, its URL and its place when the schedule is edited without a new URL', async () => {
    const { context, page } = await signIn(owner.email, owner.password);
    await page.goto(`/schedules/${scheduleId}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: `Edit ${SCHEDULE}` });
    const ical = form.getByRole('group', { name: 'Layer 2', exact: true });
    // The saved URL is never shown: only its host, and an empty field for a new one.
    await ical.getByText(`Reads ${feed.url('/…')}`).waitFor();
    await expect(ical.getByLabel('New calendar URL (optional)').inputValue()).resolves.toBe('');
    expect(await page.content()).not.toContain(SECRET);
    await ical.getByLabel('Layer name (optional)').fill('Team calendar EU');
    await checkPage(page, 'schedule-ical-edit');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    const stored = await getSchedule();
    expect(stored.layers.map((layer) => [layer.kind, layer.id ?? null, layer.name])).toEqual([
      ['rotation', null, null],
      ['ical', layerId, 'Team calendar EU'],
    ]);
    // Same layer, same URL: the next fetch asks the same calendar with its token, the imports stay.
    const asked = feed.state.paths.length;
    const refreshed = await stack.http
      .post(`/api/v1/schedules/${scheduleId}/layers/${layerId}/refresh`)
      .set(bearer(owner.token))
      .expect(200);
    expect(refreshed.body.data.layers[1]).toMatchObject({ last_error: null, event_count: 1 });
    // A periodic refresh may fetch too; every fetch asks the saved URL.
    expect(new Set(feed.state.paths.slice(asked))).toEqual(new Set([feedPath]));
    await shiftOf(page, 'Layer 2: Team calendar EU', 'responder member', moved).waitFor();
    await context.close();
  }, 120_000);
});
