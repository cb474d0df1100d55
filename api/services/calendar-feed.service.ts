import type { EntityManager } from '@mikro-orm/core';
import { generateOpaqueToken, hashOpaqueToken } from '../../shared/auth/api-keys.ts';
import { CalendarFeedEntity, ScheduleEntity, ScheduleOverrideEntity, UserEntity } from '../../shared/db/entities/index.ts';
import { renderSchedule } from '../../shared/domain/schedule.ts';
import { shiftsCalendar, type CalendarShift } from '../../shared/domain/schedule-calendar.ts';
import { scheduleDefinition } from '../../shared/domain/schedule-definition.ts';
import { importedEvents } from '../../shared/db/access/schedule-ical-feeds.ts';
import { NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';

const DAY = 86_400_000;
/** A personal feed shows a week back and 90 days ahead, like the schedule calendar's default. */
const FEED_PAST_MS = 7 * DAY;
const FEED_AHEAD_MS = 90 * DAY;
const ACROSS_ORGANIZATIONS = { filters: { tenant: false } } as const;

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
export function createCalendarFeedService(deps: { em: () => EntityManager; publicUrl: string; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();
  const urlOf = (token: string) => `${deps.publicUrl}/api/v1/calendar-feed.ics?token=${token}`;

  return {
    async status(auth: AuthContext): Promise<CalendarFeedView> {
      const feed = await deps.em().findOne(CalendarFeedEntity, { userId: auth.userId });
      return { enabled: Boolean(feed), url: null, created_at: feed ? feed.createdAt.toISOString() : null };
    },

    /** A new secret URL, shown once; the previous one stops working. */
    async rotate(auth: AuthContext): Promise<CalendarFeedView> {
      const em = deps.em();
      const token = generateOpaqueToken();
      await em.nativeDelete(CalendarFeedEntity, { userId: auth.userId });
      const feed = em.create(CalendarFeedEntity, {
        organization: auth.organizationId,
        userId: auth.userId,
        tokenHash: hashOpaqueToken(token),
      });
      await em.flush();
      return { enabled: true, url: urlOf(token), created_at: feed.createdAt.toISOString() };
    },

    async revoke(auth: AuthContext): Promise<void> {
      await deps.em().nativeDelete(CalendarFeedEntity, { userId: auth.userId });
    },

    /** The feed's iCalendar document; an unknown or revoked secret is 404, like a missing page. */
    async feed(token: string): Promise<string> {
      const em = deps.em();
      const feed = await em.findOne(CalendarFeedEntity, { tokenHash: hashOpaqueToken(token) }, ACROSS_ORGANIZATIONS);
      if (!feed) throw new NotFoundError('Calendar feed');
      const organization = feed.organization.id;
      const user = await em.findOne(UserEntity, { id: feed.userId, organization }, ACROSS_ORGANIZATIONS);
      if (!user) throw new NotFoundError('Calendar feed');
      const at = now().getTime();
      const [from, to] = [at - FEED_PAST_MS, at + FEED_AHEAD_MS];
      const schedules = await em.find(ScheduleEntity, { organization }, { ...ACROSS_ORGANIZATIONS, orderBy: { name: 'asc', id: 'asc' } });
      const overrides = schedules.length
        ? await em.find(
            ScheduleOverrideEntity,
            { organization, schedule: { $in: schedules.map((s) => s.id) }, endAt: { $gt: new Date(from) }, startAt: { $lt: new Date(to) } },
            { ...ACROSS_ORGANIZATIONS, orderBy: { createdAt: 'asc', id: 'asc' } },
          )
        : [];
      const imported = await importedEvents(
        em,
        schedules.map((s) => s.id),
        { organization },
      );
      const shifts: CalendarShift[] = schedules.flatMap((schedule) =>
        renderSchedule(
          scheduleDefinition(
            schedule,
            overrides.filter((o) => o.schedule.id === schedule.id),
            imported,
          ),
          from,
          to,
        )
          .shifts.filter((shift) => shift.user === user.id)
          .map((shift) => ({ ...shift, user_id: user.id, user_name: user.name, schedule_id: schedule.id, schedule_name: schedule.name })),
      );
      shifts.sort((a, b) => a.start - b.start);
      return shiftsCalendar(`On call: ${user.name}`, shifts, at);
    },
  };
}
