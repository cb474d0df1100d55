import { condition, continueAsNew, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { notificationMailActivityOptions } from './activity-options.ts';

const { planHandoffNotices, sendDueHandoffNotices } = proxyActivities<Activities>(notificationMailActivityOptions);

/** A schedule, override or member's handoff choice changed: plan the organization's notices again. */
export const handoffReplanSignal = defineSignal('handoffReplan');

export interface HandoffNoticesInput {
  organizationId: string;
  publicUrl: string;
}

/** Plans again at least this often, inside the activity's 6-hour window. */
const REPLAN_EVERY_MS = 3 * 3_600_000;
/** Loop turns before the history is started afresh. */
const TURNS_PER_RUN = 500;

/**
 * One per organization (`handoff-notices:<organization>`): plans the next notices (activity),
 * sleeps on a durable timer until the earliest is due or a re-plan is signalled, sends what is
 * due (activity), and again. The notices' unique key makes every plan and send idempotent.
 */
export async function handoffNoticesWorkflow(input: HandoffNoticesInput): Promise<void> {
  let replan = true;
  setHandler(handoffReplanSignal, () => {
    replan = true;
  });
  let plannedAt = 0;
  for (let turn = 0; turn < TURNS_PER_RUN; turn += 1) {
    if (replan || Date.now() - plannedAt >= REPLAN_EVERY_MS) {
      replan = false;
      plannedAt = Date.now();
      await planHandoffNotices({ organizationId: input.organizationId });
    }
    const { nextAt } = await sendDueHandoffNotices(input);
    const wakeAt = Math.min(nextAt ?? Infinity, plannedAt + REPLAN_EVERY_MS);
    const wait = wakeAt - Date.now();
    if (wait > 0) await condition(() => replan, wait);
  }
  await continueAsNew<typeof handoffNoticesWorkflow>(input);
}
