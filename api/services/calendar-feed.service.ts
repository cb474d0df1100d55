import { generateOpaqueToken, hashOpaqueToken } from '../../shared/auth/api-keys.ts';
import type { CalendarFeedStore } from '../../shared/db/access/calendar-feeds.ts';
import { BudgetExceededError, computeBudget } from '../../shared/domain/compute-budget.ts';
import { CALENDAR_FEED_BUDGET } from '../../shared/domain/compute-limits.ts';
import { renderSchedule, type ScheduleDefinition } from '../../shared/domain/schedule.ts';
import { shiftsCalendar, type CalendarShift } from '../../shared/domain/schedule-calendar.ts';
import { InsufficientPermissionsError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';

const DAY = 86_400_000;
/** A personal feed shows a week back and 90 days ahead, like the schedule calendar's default. */
const FEED_PAST_MS = 7 * DAY;
const FEED_AHEAD_MS = 90 * DAY;

/** Whether `user` appears anywhere in the schedule: only then can a render give them a shift. */
const mentions = (definition: ScheduleDefinition, user: string) =>
  definition.overrides.some((override) => override.user === user) ||
  definition.layers.some((layer) =>
    layer.kind === 'rotation' ? layer.users.includes(user) : layer.events.some((event) => event.user === user),
  );

export interface CalendarFeedView {
  enabled: boolean;
  url: string | null;
  created_at: string | null;
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;

/**
 * Personal calendar feeds: a secret URL per member listing their shifts across every schedule, for
 * calendar apps that cannot send credentials. Only the secret's SHA-256 is stored; creating a new
 * one replaces (revokes) the old.
 */
export function createCalendarFeedService(deps: { feeds: () => CalendarFeedStore; publicUrl: string; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();
  const urlOf = (token: string) => `${deps.publicUrl}/api/v1/calendar-feed.ics?token=${token}`;

  return {
    async status(auth: AuthContext): Promise<CalendarFeedView> {
      const feed = await deps.feeds().feedOf(auth.organizationId, auth.userId);
      return { enabled: Boolean(feed), url: null, created_at: feed ? feed.createdAt.toISOString() : null };
    },

    /**
     * A new secret URL, shown once; the previous one stops working. Only a signed-in member makes
     * one: the URL is a credential of its own that an API key would outlive.
     */
    async rotate(auth: AuthContext): Promise<CalendarFeedView> {
      if (auth.kind !== 'user') throw new InsufficientPermissionsError('schedules:read (a signed-in member, not an API key)');
      const token = generateOpaqueToken();
      const feed = await deps.feeds().replace(auth.organizationId, auth.userId, hashOpaqueToken(token));
      if (!feed) throw new NotFoundError('User');
      return { enabled: true, url: urlOf(token), created_at: feed.createdAt.toISOString() };
    },

    async revoke(auth: AuthContext): Promise<void> {
      await deps.feeds().remove(auth.organizationId, auth.userId);
    },

    /** The feed's iCalendar document; an unknown or revoked secret is 404, like a missing page. */
    async feed(token: string): Promise<string> {
      const store = deps.feeds();
      const feed = await store.findByTokenHashAcrossOrganizations(hashOpaqueToken(token));
      if (!feed) throw new NotFoundError('Calendar feed');
      const user = await store.member(feed.organizationId, feed.userId);
      if (!user) throw new NotFoundError('Calendar feed');
      const at = now().getTime();
      const [from, to] = [at - FEED_PAST_MS, at + FEED_AHEAD_MS];
      const schedules = await store.schedules(feed.organizationId, { from, to });
      // One budget for the whole feed; schedules that never name the member are not rendered.
      const budget = computeBudget('the calendar feed', CALENDAR_FEED_BUDGET);
      const shifts: CalendarShift[] = [];
      for (const schedule of schedules) {
        const definition = schedule.definition;
        if (!mentions(definition, user.id)) continue;
        let rendered;
        try {
          rendered = renderSchedule(definition, from, to, budget);
        } catch (error) {
          if (!(error instanceof BudgetExceededError)) throw error;
          throw new ValidationError([{ path: 'query.token', message: `${error.message}: the schedules are too large for one feed` }]);
        }
        for (const shift of rendered.shifts)
          if (shift.user === user.id)
            shifts.push({ ...shift, user_id: user.id, user_name: user.name, schedule_id: schedule.id, schedule_name: schedule.name });
      }
      shifts.sort((a, b) => a.start - b.start);
      return shiftsCalendar(`On call: ${user.name}`, shifts, at);
    },
  };
}
