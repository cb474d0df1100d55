// What the OpenAPI document says of each handoff operation, by operationId (api/routes/handoff.routes.ts).

const TAKE_PAGER = 'Needs `incidents:update` or `schedules:update`: taking the pager yourself.';

export const handoffDocs = {
  updateMyHandoffPreferences:
    'A start notice goes out `handoff_notice_minutes` (0 to 1440) before each shift of yours on any schedule starts, listing the open incidents whose escalation policy pages that schedule; with `notify_on_shift_end` you are also told when a shift ends. Notices are low-urgency mails to your account address and verified email contact methods, exactly one per shift and kind, planned again whenever a schedule or override changes.',
  createScheduleSwapRequest: `You must be on call over the whole range on the final schedule (422 otherwise), and it must not be over. With \`target_user_id\` only that member may accept or decline; without it anyone else may accept. ${TAKE_PAGER}`,
  acceptScheduleSwapRequest: `The request becomes \`accepted\` and an override puts you on call over its range, in one step; of two members accepting at once one wins, the other gets 409. Not your own request (409), and a request made to someone else is 404. ${TAKE_PAGER}`,
  declineScheduleSwapRequest: 'Only the member a request names declines it (a request open to anyone stays open for others: 409).',
  cancelScheduleSwapRequest: 'The requester, or a member with `schedules:update`, cancels an open request; an answered one is 409.',
} as const;
