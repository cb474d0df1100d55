import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { repageAt } from '../shared/domain/acknowledgement.ts';
import { dbActivityOptions } from './activity-options.ts';
import { acknowledgementStateQuery, snoozeIncidentSignal } from './messages.ts';

const { acknowledgementTimeout, repageAcknowledged } = proxyActivities<Activities>(dbActivityOptions);

export interface AcknowledgementInput {
  organizationId: string;
  incidentId: string;
  /** The escalation cycle the incident was acknowledged in: a later cycle's incident is not touched. */
  cycle: number;
  /** When it was acknowledged, epoch milliseconds: the timeout counts from it, whichever run waits. */
  acknowledgedAt: number;
}

/**
 * Why the acknowledgement's wait ended: it paged again (`ack_timeout`, `snooze_ended`); nothing
 * to wait for (no timeout, not snoozed); the incident left the acknowledgement (`left`).
 */
export type AcknowledgementEnd = 'ack_timeout' | 'snooze_ended' | 'no_timeout' | 'left';

/**
 * One acknowledgement of an incident, `acknowledgement:<incident>:<cycle>` (PagerDuty's
 * acknowledgement timeout and snooze): a durable timer to the acknowledgement plus the timeout of
 * its policy or routing rule, or to the end of a snooze (signalled, which replaces the timeout).
 * When it fires, the incident goes back to `active` if it is still acknowledged in this cycle,
 * which starts the next cycle paging from level 1; the activity decides that under the row lock,
 * so a timer of a cycle that has ended pages nobody. With nothing to wait for it ends at once; a
 * later snooze starts it again (signal-with-start).
 */
export async function acknowledgementWorkflow(input: AcknowledgementInput): Promise<{ ended: AcknowledgementEnd }> {
  let snoozedUntil: number | null = null;
  let changed = false;
  let ackTimeoutMs: number | null = null;
  let ended = false;
  setHandler(snoozeIncidentSignal, ({ until }) => {
    const at = Date.parse(until);
    if (Number.isNaN(at)) return;
    snoozedUntil = at;
    changed = true;
  });
  const wakeTime = () => (ended ? null : repageAt({ acknowledgedAt: input.acknowledgedAt, ackTimeoutMs, snoozedUntil }));
  setHandler(acknowledgementStateQuery, () => {
    const at = wakeTime();
    return {
      repage_at: at === null ? null : new Date(at).toISOString(),
      snoozed_until: snoozedUntil === null || ended ? null : new Date(snoozedUntil).toISOString(),
    };
  });

  ({ ackTimeoutMs } = await acknowledgementTimeout({ organizationId: input.organizationId, incidentId: input.incidentId }));
  for (;;) {
    changed = false;
    const wakeAt = wakeTime();
    if (wakeAt === null) {
      ended = true;
      return { ended: 'no_timeout' };
    }
    if (wakeAt > Date.now()) {
      // Woken early by a new snooze: wait for its end instead.
      if (await condition(() => changed, Math.max(1, wakeAt - Date.now()))) continue;
    }
    const outcome = await repageAcknowledged({ organizationId: input.organizationId, incidentId: input.incidentId, cycle: input.cycle });
    // Snoozed (again) longer than this run knew: wait for that end.
    if (outcome.action === 'wait') {
      snoozedUntil = outcome.until;
      continue;
    }
    ended = true;
    return { ended: outcome.action === 'repage' ? outcome.reason : 'left' };
  }
}
