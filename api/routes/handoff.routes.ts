import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import {
  CreateSwapRequestBody,
  HandoffPreferencesResponse,
  SwapRequestListQuery,
  SwapRequestListResponse,
  SwapRequestParams,
  SwapRequestResponse,
  UpdateHandoffPreferencesBody,
} from '../schemas/schedule-swap.schemas.ts';
import type { HandoffPreferenceService } from '../services/handoff-preference.service.ts';
import type { ScheduleSwapService } from '../services/schedule-swap.service.ts';
import { defineRoute } from './route.ts';

const TAKE_PAGER = 'Needs `incidents:update` or `schedules:update`: taking the pager yourself.';

/** Handoff notices (each member's choices) and shift swaps between members. */
export function handoffRoutes(swaps: ScheduleSwapService, preferences: HandoffPreferenceService) {
  return [
    defineRoute({
      method: 'get',
      path: '/users/me/handoff-preferences',
      operationId: 'getMyHandoffPreferences',
      summary: 'When you are told about your on-call shifts',
      tags: ['schedules'],
      access: 'schedules:read',
      responses: { 200: { description: 'Your handoff choices', schema: HandoffPreferencesResponse } },
      handler: async ({ auth }) => ({ body: envelope(await preferences.get(auth)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/users/me/handoff-preferences',
      operationId: 'updateMyHandoffPreferences',
      summary: 'Choose to be told before your on-call shifts start and when they end',
      description:
        'A start notice goes out `handoff_notice_minutes` (0 to 1440) before each shift of yours on any schedule starts, listing the open incidents whose escalation policy pages that schedule; with `notify_on_shift_end` you are also told when a shift ends. Notices are low-urgency mails to your account address and verified email contact methods, exactly one per shift and kind, planned again whenever a schedule or override changes.',
      tags: ['schedules'],
      access: 'schedules:read',
      request: { body: UpdateHandoffPreferencesBody },
      responses: { 200: { description: 'Your handoff choices', schema: HandoffPreferencesResponse } },
      handler: async ({ auth, body }) => ({ body: envelope(await preferences.update(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/schedules/{id}/swap-requests',
      operationId: 'listScheduleSwapRequests',
      summary: "A schedule's requests for cover, by start",
      tags: ['schedules'],
      access: 'schedules:read',
      request: { params: IdParams, query: SwapRequestListQuery },
      responses: { 200: { description: 'A page of swap requests', schema: SwapRequestListResponse } },
      errors: [404],
      handler: async ({ auth, params, query }) => ({ body: pageEnvelope(await swaps.list(auth, params.id, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/schedules/{id}/swap-requests',
      operationId: 'createScheduleSwapRequest',
      summary: 'Ask for cover of your shift over a time range',
      description: `You must be on call over the whole range on the final schedule (422 otherwise), and it must not be over. With \`target_user_id\` only that member may accept or decline; without it anyone else may accept. ${TAKE_PAGER}`,
      tags: ['schedules'],
      access: 'schedules:read',
      request: { params: IdParams, body: CreateSwapRequestBody },
      responses: { 201: { description: 'Created, `open`', schema: SwapRequestResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ status: 201, body: envelope(await swaps.create(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/schedules/{id}/swap-requests/{request_id}/accept',
      operationId: 'acceptScheduleSwapRequest',
      summary: 'Take the requested range: an override puts you on call',
      description: `The request becomes \`accepted\` and an override puts you on call over its range, in one step; of two members accepting at once one wins, the other gets 409. Not your own request (409), and a request made to someone else is 404. ${TAKE_PAGER}`,
      tags: ['schedules'],
      access: 'schedules:read',
      request: { params: SwapRequestParams },
      responses: { 200: { description: 'Accepted, with its `override_id`', schema: SwapRequestResponse } },
      errors: [404, 409],
      handler: async ({ auth, params }) => ({ body: envelope(await swaps.accept(auth, params.id, params.request_id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/schedules/{id}/swap-requests/{request_id}/decline',
      operationId: 'declineScheduleSwapRequest',
      summary: 'Decline a request made to you',
      description: 'Only the member a request names declines it (a request open to anyone stays open for others: 409).',
      tags: ['schedules'],
      access: 'schedules:read',
      request: { params: SwapRequestParams },
      responses: { 200: { description: 'Declined', schema: SwapRequestResponse } },
      errors: [404, 409],
      handler: async ({ auth, params }) => ({ body: envelope(await swaps.decline(auth, params.id, params.request_id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/schedules/{id}/swap-requests/{request_id}/cancel',
      operationId: 'cancelScheduleSwapRequest',
      summary: 'Withdraw your open request',
      description: 'The requester, or a member with `schedules:update`, cancels an open request; an answered one is 409.',
      tags: ['schedules'],
      access: 'schedules:read',
      request: { params: SwapRequestParams },
      responses: { 200: { description: 'Cancelled', schema: SwapRequestResponse } },
      errors: [404, 409],
      handler: async ({ auth, params }) => ({ body: envelope(await swaps.cancel(auth, params.id, params.request_id)) }),
    }),
  ];
}
