import type { EntityManager } from '@mikro-orm/core';
import {
  ScheduleEntity,
  ScheduleOverrideEntity,
  ScheduleSwapRequestEntity,
  UserEntity,
  type ScheduleSwapRequest,
  type SwapRequestStatus,
} from '../../shared/db/entities/index.ts';
import { recordScheduleUpdated } from '../../shared/db/access/schedules.ts';
import { hasPermission } from '../../shared/domain/permissions.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { SwapRequestView } from '../schemas/schedule-swap.schemas.ts';
import type { ScheduleService } from './schedule.service.ts';

const view = (request: ScheduleSwapRequest): SwapRequestView => ({
  id: request.id,
  schedule_id: request.schedule.id,
  requester_id: request.requesterId,
  target_user_id: request.targetUserId ?? null,
  start: request.startAt.toISOString(),
  end: request.endAt.toISOString(),
  message: request.message ?? null,
  status: request.status,
  responder_id: request.responderId ?? null,
  override_id: request.overrideId ?? null,
  created_at: request.createdAt.toISOString(),
  updated_at: request.updatedAt.toISOString(),
});

/** Taking the pager yourself needs what putting yourself on call by an override needs. */
function assertMayTakePager(auth: AuthContext) {
  if (hasPermission(auth.permissions, 'schedules:update') || hasPermission(auth.permissions, 'incidents:update')) return;
  throw new AppError('INSUFFICIENT_PERMISSIONS', 'Swapping shifts needs `incidents:update` or `schedules:update`', {
    fields: { required_permission: 'incidents:update' },
  });
}

export type ScheduleSwapService = ReturnType<typeof createScheduleSwapService>;

/** Members asking one another for cover of a shift; an accepted request becomes an override. */
export function createScheduleSwapService(deps: { em: () => EntityManager; schedules: ScheduleService; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();
  const loadSchedule = async (em: EntityManager, id: string) => {
    const schedule = await em.findOne(ScheduleEntity, { id });
    if (!schedule) throw new NotFoundError('Schedule');
    return schedule;
  };
  const loadRequest = async (em: EntityManager, scheduleId: string, requestId: string) => {
    const request = await em.findOne(ScheduleSwapRequestEntity, { id: requestId, schedule: scheduleId });
    if (!request) throw new NotFoundError('Swap request');
    return request;
  };
  const assertOpen = (request: ScheduleSwapRequest) => {
    if (request.status !== 'open') throw new ConflictError(`The swap request is already ${request.status}`);
  };
  /** The request is for everyone but its requester, or for its target only. */
  const assertAddressee = (auth: AuthContext, request: ScheduleSwapRequest) => {
    if (auth.userId === request.requesterId) throw new ConflictError('You cannot answer your own swap request; cancel it instead');
    if (request.targetUserId && request.targetUserId !== auth.userId) throw new NotFoundError('Swap request');
  };
  const setStatus = async (em: EntityManager, request: ScheduleSwapRequest, status: SwapRequestStatus, responderId: string | null) => {
    request.status = status;
    request.responderId = responderId;
    await em.flush();
    return view(request);
  };

  return {
    async list(_auth: AuthContext, scheduleId: string, query: { limit: number; offset: number; status?: SwapRequestStatus }) {
      const em = deps.em();
      await loadSchedule(em, scheduleId);
      const [items, total] = await em.findAndCount(
        ScheduleSwapRequestEntity,
        { schedule: scheduleId, ...(query.status ? { status: query.status } : {}) },
        { orderBy: { startAt: 'asc', id: 'asc' }, limit: query.limit, offset: query.offset },
      );
      return { items: items.map(view), total };
    },

    /** The caller asks for cover of `[start, end)`, which must be theirs on the final schedule and not over yet. */
    async create(
      auth: AuthContext,
      scheduleId: string,
      input: { start: string; end: string; target_user_id?: string | null; message?: string | null },
    ) {
      assertMayTakePager(auth);
      const em = deps.em();
      const schedule = await loadSchedule(em, scheduleId);
      const [start, end] = [Date.parse(input.start), Date.parse(input.end)];
      if (end <= now().getTime()) throw new ValidationError([{ path: 'body.end', message: 'must be in the future' }]);
      if (input.target_user_id) {
        if (input.target_user_id === auth.userId)
          throw new ValidationError([{ path: 'body.target_user_id', message: 'must be someone else' }]);
        if (!(await em.findOne(UserEntity, { id: input.target_user_id }, { fields: ['id'] })))
          throw new ValidationError([{ path: 'body.target_user_id', message: 'not a member of this organization' }]);
      }
      const rendered = await deps.schedules.shifts(auth, scheduleId, { from: input.start, to: input.end });
      let cursor = start;
      for (const shift of rendered.shifts) {
        if (shift.user_id !== auth.userId || Date.parse(shift.start) > cursor) break;
        cursor = Math.max(cursor, Date.parse(shift.end));
      }
      if (cursor < end) throw new ValidationError([{ path: 'body.start', message: 'you are not on call over the whole range' }]);
      const request = em.create(ScheduleSwapRequestEntity, {
        organization: auth.organizationId,
        schedule,
        requesterId: auth.userId,
        targetUserId: input.target_user_id ?? null,
        startAt: new Date(start),
        endAt: new Date(end),
        message: input.message ?? null,
        status: 'open',
      });
      await em.flush();
      return view(request);
    },

    /**
     * The caller takes the range: in one transaction the request becomes `accepted` (only if still
     * open, so two members accepting at once make one override) and an override puts them on call.
     */
    async accept(auth: AuthContext, scheduleId: string, requestId: string) {
      assertMayTakePager(auth);
      const em = deps.em();
      const request = await loadRequest(em, scheduleId, requestId);
      assertAddressee(auth, request);
      assertOpen(request);
      if (request.endAt.getTime() <= now().getTime()) throw new ConflictError('The swap request is over');
      const overrideId = await em.transactional(async (tx) => {
        const claimed = await tx.nativeUpdate(
          ScheduleSwapRequestEntity,
          { id: requestId, organization: auth.organizationId, status: 'open' },
          { status: 'accepted', responderId: auth.userId, updatedAt: new Date() },
        );
        if (claimed === 0) throw new ConflictError('The swap request was answered meanwhile');
        const override = tx.create(ScheduleOverrideEntity, {
          organization: auth.organizationId,
          schedule: scheduleId,
          userId: auth.userId,
          startAt: request.startAt,
          endAt: request.endAt,
          createdBy: auth.userId,
        });
        recordScheduleUpdated(tx, auth.organizationId, {
          schedule_id: scheduleId,
          reason: 'override_added',
          override_id: override.id,
          actor_id: auth.userId,
        });
        // The override row first: the request refers to it.
        await tx.flush();
        await tx.nativeUpdate(ScheduleSwapRequestEntity, { id: requestId, organization: auth.organizationId }, { overrideId: override.id });
        return override.id;
      });
      em.clear();
      const accepted = await loadRequest(em, scheduleId, requestId);
      if (accepted.overrideId !== overrideId) throw new Error('swap request lost its override');
      return view(accepted);
    },

    async decline(auth: AuthContext, scheduleId: string, requestId: string) {
      const em = deps.em();
      const request = await loadRequest(em, scheduleId, requestId);
      assertAddressee(auth, request);
      if (!request.targetUserId) throw new ConflictError('Only a request made to you alone can be declined; leave an open one to others');
      assertOpen(request);
      return setStatus(em, request, 'declined', auth.userId);
    },

    /** The requester withdraws an open request (or a schedule editor does for them). */
    async cancel(auth: AuthContext, scheduleId: string, requestId: string) {
      const em = deps.em();
      const request = await loadRequest(em, scheduleId, requestId);
      if (request.requesterId !== auth.userId && !hasPermission(auth.permissions, 'schedules:update'))
        throw new AppError('INSUFFICIENT_PERMISSIONS', 'Only the requester or a schedule editor cancels a swap request', {
          fields: { required_permission: 'schedules:update' },
        });
      assertOpen(request);
      return setStatus(em, request, 'cancelled', auth.userId);
    },
  };
}
