import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ScheduleEntity,
  ScheduleOverrideEntity,
  ScheduleSwapRequestEntity,
  UserEntity,
  type ScheduleSwapRequest,
  type SwapRequestStatus,
} from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { recordScheduleUpdated } from './schedule-events.ts';

/** A request for cover of a shift, as stored. */
export interface SwapRequestRecord {
  id: string;
  scheduleId: string;
  requesterId: string;
  targetUserId: string | null;
  startAt: Date;
  endAt: Date;
  message: string | null;
  status: SwapRequestStatus;
  responderId: string | null;
  overrideId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Every read and write is confined to the organization given. */
export interface ScheduleSwapStore {
  hasSchedule(organizationId: string, scheduleId: string): Promise<boolean>;
  isMember(organizationId: string, userId: string): Promise<boolean>;
  /** The schedule's requests by start, of the status when given. */
  list(
    organizationId: string,
    scheduleId: string,
    page: { limit: number; offset: number; status?: SwapRequestStatus },
  ): Promise<{ items: SwapRequestRecord[]; total: number }>;
  find(organizationId: string, scheduleId: string, requestId: string): Promise<SwapRequestRecord | undefined>;
  /** An open request on the organization's schedule; undefined when the schedule is not the organization's. */
  insert(
    organizationId: string,
    scheduleId: string,
    request: Pick<SwapRequestRecord, 'requesterId' | 'targetUserId' | 'startAt' | 'endAt' | 'message'>,
  ): Promise<SwapRequestRecord | undefined>;
  setStatus(
    organizationId: string,
    requestId: string,
    status: SwapRequestStatus,
    responderId: string | null,
  ): Promise<SwapRequestRecord | undefined>;
  /**
   * In one transaction: the request becomes `accepted` by `userId` only if it is still open, and an
   * override puts them on call over its range (with the schedule's change event). The override's id;
   * undefined when the request was not open (answered meanwhile) or not the organization's.
   */
  accept(organizationId: string, scheduleId: string, requestId: string, userId: string): Promise<string | undefined>;
}

const record = (request: ScheduleSwapRequest): SwapRequestRecord => ({
  id: request.id,
  scheduleId: request.schedule.id,
  requesterId: request.requesterId,
  targetUserId: request.targetUserId ?? null,
  startAt: request.startAt,
  endAt: request.endAt,
  message: request.message ?? null,
  status: request.status,
  responderId: request.responderId ?? null,
  overrideId: request.overrideId ?? null,
  createdAt: request.createdAt,
  updatedAt: request.updatedAt,
});

/** Members' requests for cover of their shifts (`schedule_swap_requests`). */
export function createScheduleSwapStore(em: EntityManager): ScheduleSwapStore {
  return {
    async hasSchedule(organizationId, scheduleId) {
      return (await em.count(ScheduleEntity, { id: scheduleId, organization: organizationId }, unscoped)) > 0;
    },

    async isMember(organizationId, userId) {
      return (await em.count(UserEntity, { id: userId, organization: organizationId }, unscoped)) > 0;
    },

    async list(organizationId, scheduleId, page) {
      const [items, total] = await em.findAndCount(
        ScheduleSwapRequestEntity,
        { organization: organizationId, schedule: scheduleId, ...(page.status ? { status: page.status } : {}) },
        { ...unscoped, orderBy: { startAt: 'asc', id: 'asc' }, limit: page.limit, offset: page.offset },
      );
      return { items: items.map(record), total };
    },

    async find(organizationId, scheduleId, requestId) {
      const request = await em.findOne(
        ScheduleSwapRequestEntity,
        { id: requestId, organization: organizationId, schedule: scheduleId },
        unscoped,
      );
      return request ? record(request) : undefined;
    },

    async insert(organizationId, scheduleId, request) {
      const schedule = await em.findOne(ScheduleEntity, { id: scheduleId, organization: organizationId }, unscoped);
      if (!schedule) return undefined;
      const created = em.create(ScheduleSwapRequestEntity, { organization: organizationId, schedule, status: 'open', ...request });
      await em.flush();
      return record(created);
    },

    async setStatus(organizationId, requestId, status, responderId) {
      const request = await em.findOne(ScheduleSwapRequestEntity, { id: requestId, organization: organizationId }, unscoped);
      if (!request) return undefined;
      request.status = status;
      request.responderId = responderId;
      await em.flush();
      return record(request);
    },

    accept: (organizationId, scheduleId, requestId, userId) =>
      em.transactional(async (tx) => {
        const request = await tx.findOne(
          ScheduleSwapRequestEntity,
          { id: requestId, organization: organizationId, schedule: scheduleId },
          unscoped,
        );
        if (!request) return undefined;
        const claimed = await tx.nativeUpdate(
          ScheduleSwapRequestEntity,
          { id: requestId, organization: organizationId, status: 'open' },
          { status: 'accepted', responderId: userId, updatedAt: new Date() },
          unscoped,
        );
        if (claimed === 0) return undefined;
        const override = tx.create(ScheduleOverrideEntity, {
          organization: organizationId,
          schedule: scheduleId,
          userId,
          startAt: request.startAt,
          endAt: request.endAt,
          createdBy: userId,
        });
        recordScheduleUpdated(tx, organizationId, {
          schedule_id: scheduleId,
          reason: 'override_added',
          override_id: override.id,
          actor_id: userId,
        });
        // The override row first: the request refers to it.
        await tx.flush();
        await tx.nativeUpdate(
          ScheduleSwapRequestEntity,
          { id: requestId, organization: organizationId },
          { overrideId: override.id },
          unscoped,
        );
        return override.id;
      }),
  };
}
