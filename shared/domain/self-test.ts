/** Input of the self-test workflow; a single object so fields can be added without breaking history. */
export interface SelfTestInput {
  runId: string;
  organizationId: string;
}

export const SELF_TEST_STATUSES = ['queued', 'completed'] as const;
export type SelfTestStatus = (typeof SELF_TEST_STATUSES)[number];
