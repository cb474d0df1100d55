import type { ScheduleSwapStore, SwapRequestRecord } from '../../shared/db/access/schedule-swaps.ts';
import type { SwapRequestStatus } from '../../shared/db/entities/index.ts';
import { hasPermission } from '../../shared/domain/permissions.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { SwapRequestView } from '../schemas/schedule-swap.schemas.ts';
import type { ScheduleService } from './schedule.service.ts';

const view = (request: SwapRequestRecord): SwapRequestView => ({
  id: request.id,
  schedule_id: request.scheduleId,
  requester_id: request.requesterId,
  target_user_id: request.targetUserId,
  start: request.startAt.toISOString(),
  end: request.endAt.toISOString(),
  message: request.message,
  status: request.status,
  responder_id: request.responderId,
  override_id: request.overrideId,
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
export function createScheduleSwapService(deps: { swaps: () => ScheduleSwapStore; schedules: ScheduleService; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();
  const assertSchedule = async (store: ScheduleSwapStore, auth: AuthContext, id: string) => {
    if (!(await store.hasSchedule(auth.organizationId, id))) throw new NotFoundError('Schedule');
  };
  const loadRequest = async (store: ScheduleSwapStore, auth: AuthContext, scheduleId: string, requestId: string) => {
    const request = await store.find(auth.organizationId, scheduleId, requestId);
    if (!request) throw new NotFoundError('Swap request');
    return request;
  };
  const assertOpen = (request: SwapRequestRecord) => {
    if (request.status !== 'open') throw new ConflictError(`The swap request is already ${request.status}`);
  };
  /** The request is for everyone but its requester, or for its target only. */
  const assertAddressee = (auth: AuthContext, request: SwapRequestRecord) => {
    if (auth.userId === request.requesterId) throw new ConflictError('You cannot answer your own swap request; cancel it instead');
    if (request.targetUserId && request.targetUserId !== auth.userId) throw new NotFoundError('Swap request');
  };
  const setStatus = async (
    store: ScheduleSwapStore,
    auth: AuthContext,
    request: SwapRequestRecord,
    status: SwapRequestStatus,
    responderId: string | null,
  ) => {
    const changed = await store.setStatus(auth.organizationId, request.id, status, responderId);
    if (!changed) throw new NotFoundError('Swap request');
    return view(changed);
  };

  return {
    async list(auth: AuthContext, scheduleId: string, query: { limit: number; offset: number; status?: SwapRequestStatus }) {
      const store = deps.swaps();
      await assertSchedule(store, auth, scheduleId);
      const { items, total } = await store.list(auth.organizationId, scheduleId, query);
      return { items: items.map(view), total };
    },

    /** The caller asks for cover of `[start, end)`, which must be theirs on the final schedule and not over yet. */
    async create(
      auth: AuthContext,
      scheduleId: string,
      input: { start: string; end: string; target_user_id?: string | null; message?: string | null },
    ) {
      assertMayTakePager(auth);
      const store = deps.swaps();
      await assertSchedule(store, auth, scheduleId);
      const [start, end] = [Date.parse(input.start), Date.parse(input.end)];
      if (end <= now().getTime()) throw new ValidationError([{ path: 'body.end', message: 'must be in the future' }]);
      if (input.target_user_id) {
        if (input.target_user_id === auth.userId)
          throw new ValidationError([{ path: 'body.target_user_id', message: 'must be someone else' }]);
        if (!(await store.isMember(auth.organizationId, input.target_user_id)))
          throw new ValidationError([{ path: 'body.target_user_id', message: 'not a member of this organization' }]);
      }
      const rendered = await deps.schedules.shifts(auth, scheduleId, { from: input.start, to: input.end });
      let cursor = start;
      for (const shift of rendered.shifts) {
        if (shift.user_id !== auth.userId || Date.parse(shift.start) > cursor) break;
        cursor = Math.max(cursor, Date.parse(shift.end));
      }
      if (cursor < end) throw new ValidationError([{ path: 'body.start', message: 'you are not on call over the whole range' }]);
      const request = await store.insert(auth.organizationId, scheduleId, {
        requesterId: auth.userId,
        targetUserId: input.target_user_id ?? null,
        startAt: new Date(start),
        endAt: new Date(end),
        message: input.message ?? null,
      });
      if (!request) throw new NotFoundError('Schedule');
      return view(request);
    },

    /**
     * The caller takes the range: in one transaction the request becomes `accepted` (only if still
     * open, so two members accepting at once make one override) and an override puts them on call.
     */
    async accept(auth: AuthContext, scheduleId: string, requestId: string) {
      assertMayTakePager(auth);
      const store = deps.swaps();
      const request = await loadRequest(store, auth, scheduleId, requestId);
      assertAddressee(auth, request);
      assertOpen(request);
      if (request.endAt.getTime() <= now().getTime()) throw new ConflictError('The swap request is over');
      const overrideId = await store.accept(auth.organizationId, scheduleId, requestId, auth.userId);
      if (!overrideId) throw new ConflictError('The swap request was answered meanwhile');
      const accepted = await loadRequest(deps.swaps(), auth, scheduleId, requestId);
      if (accepted.overrideId !== overrideId) throw new Error('swap request lost its override');
      return view(accepted);
    },

    async decline(auth: AuthContext, scheduleId: string, requestId: string) {
      const store = deps.swaps();
      const request = await loadRequest(store, auth, scheduleId, requestId);
      assertAddressee(auth, request);
      if (!request.targetUserId) throw new ConflictError('Only a request made to you alone can be declined; leave an open one to others');
      assertOpen(request);
      return setStatus(store, auth, request, 'declined', auth.userId);
    },

    /** The requester withdraws an open request (or a schedule editor does for them). */
    async cancel(auth: AuthContext, scheduleId: string, requestId: string) {
      const store = deps.swaps();
      const request = await loadRequest(store, auth, scheduleId, requestId);
      if (request.requesterId !== auth.userId && !hasPermission(auth.permissions, 'schedules:update'))
        throw new AppError('INSUFFICIENT_PERMISSIONS', 'Only the requester or a schedule editor cancels a swap request', {
          fields: { required_permission: 'schedules:update' },
        });
      assertOpen(request);
      return setStatus(store, auth, request, 'cancelled', auth.userId);
    },
  };
}
