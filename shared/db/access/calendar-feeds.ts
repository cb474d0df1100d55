import type { EntityManager } from '@mikro-orm/core';
import { CalendarFeedEntity, UserEntity } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { renderableSchedules, type RenderableSchedule } from './schedule-definitions.ts';

/** Members' personal calendar feeds (`calendar_feeds`): only the secret's hash is stored. */
export interface CalendarFeedStore {
  /** When the member's feed was made; undefined when they have none. */
  feedOf(organizationId: string, userId: string): Promise<{ createdAt: Date } | undefined>;
  /** The member's feed with this secret, the previous one gone, in one transaction; undefined for an account not the organization's. */
  replace(organizationId: string, userId: string, tokenHash: string): Promise<{ createdAt: Date } | undefined>;
  remove(organizationId: string, userId: string): Promise<void>;
  /** The feed a secret opens: the one lookup made before the organization is known. */
  findByTokenHashAcrossOrganizations(tokenHash: string): Promise<{ organizationId: string; userId: string } | undefined>;
  member(organizationId: string, userId: string): Promise<{ id: string; name: string } | undefined>;
  /** The organization's schedules by name, as they render over the window. */
  schedules(organizationId: string, window: { from: number; to: number }): Promise<RenderableSchedule[]>;
}

export function createCalendarFeedStore(em: EntityManager): CalendarFeedStore {
  return {
    async feedOf(organizationId, userId) {
      const feed = await em.findOne(CalendarFeedEntity, { organization: organizationId, userId }, unscoped);
      return feed ? { createdAt: feed.createdAt } : undefined;
    },

    replace: (organizationId, userId, tokenHash) =>
      em.transactional(async (tx) => {
        await tx.nativeDelete(CalendarFeedEntity, { organization: organizationId, userId }, unscoped);
        const [row] = await tx.getConnection().execute<Array<{ created_at: Date }>>(
          `insert into calendar_feeds (id, organization_id, user_id, token_hash, created_at)
           select gen_random_uuid(), u.organization_id, u.id, ?, now() from users u where u.id = ? and u.organization_id = ?
           returning created_at`,
          [tokenHash, userId, organizationId],
          'all',
          tx.getTransactionContext(),
        );
        return row ? { createdAt: new Date(row.created_at) } : undefined;
      }),

    async remove(organizationId, userId) {
      await em.nativeDelete(CalendarFeedEntity, { organization: organizationId, userId }, unscoped);
    },

    async findByTokenHashAcrossOrganizations(tokenHash) {
      const feed = await em.findOne(CalendarFeedEntity, { tokenHash }, unscoped);
      return feed ? { organizationId: feed.organization.id, userId: feed.userId } : undefined;
    },

    async member(organizationId, userId) {
      const user = await em.findOne(UserEntity, { id: userId, organization: organizationId }, { ...unscoped, fields: ['id', 'name'] });
      return user ? { id: user.id, name: user.name } : undefined;
    },

    schedules: (organizationId, window) => renderableSchedules(em, organizationId, window, 'name'),
  };
}
