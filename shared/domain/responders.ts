// Kept free of Node built-ins and I/O: the responder workflow imports this file into its sandbox.

/** Where a responder request stands: asked (and paged), or answered by the responder. */
export const RESPONDER_STATUSES = ['requested', 'accepted', 'declined'] as const;
export type ResponderStatus = (typeof RESPONDER_STATUSES)[number];

/** How a person came to be asked: directly, as a schedule's on-call, or as a policy's first level. */
export const RESPONDER_VIA_TYPES = ['user', 'schedule', 'escalation_policy'] as const;
export type ResponderVia = (typeof RESPONDER_VIA_TYPES)[number];

export type ResponderAnswer = 'accept' | 'decline';

/**
 * The status an answer leads to, or why it is refused. A request is answered once: accepting
 * twice (or declining twice) is the same answer again; changing one's mind is refused.
 */
export function answerResponderRequest(
  status: ResponderStatus,
  answer: ResponderAnswer,
): { status: ResponderStatus; changed: boolean } | { refused: string } {
  const wanted: ResponderStatus = answer === 'accept' ? 'accepted' : 'declined';
  if (status === 'requested') return { status: wanted, changed: true };
  if (status === wanted) return { status, changed: false };
  return { refused: `The request was already ${status}` };
}

/** Whether a responder is still to be paged: only while the request waits for an answer and the incident is open. */
export function responderNeedsPaging(responder: { status: ResponderStatus } | null, incident: { status: string } | null): boolean {
  return responder?.status === 'requested' && incident !== null && incident.status !== 'resolved';
}
