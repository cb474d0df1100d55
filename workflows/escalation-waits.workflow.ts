import { allHandlersFinished, condition, continueAsNew, log, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import {
  acceptedWaits,
  dueWaits,
  endedWaitState,
  expiredSettled,
  HAND_OFF_LEAD_MS,
  MAX_HELD_BYTES,
  nextWake,
  overflowingWaits,
  type SettledEscalation,
  type WaitingEscalation,
  type WaitingEscalationAnswer,
  waitSize,
} from '../shared/domain/escalation-waits.ts';
import { escalationActivityOptions } from './activity-options.ts';
import type { EscalationInput } from './escalation.workflow.ts';
import { escalationsWaitingSignal, waitingEscalationQuery, waitingEscalationUpdate } from './messages.ts';

const { startWaitedEscalations } = proxyActivities<Activities>(escalationActivityOptions);

type Waiting = WaitingEscalation<EscalationInput>;

export interface EscalationWaitsInput {
  organizationId: string;
  bucket: number;
  /** The worker's main task queue: the escalations start on its paging queue. */
  taskQueue: string;
  /** Carried across continue-as-new. */
  waiting?: Waiting[];
  settled?: SettledEscalation[];
  /** History length after which the run continues as new; the default unless set (tests shorten it). */
  maxHistoryEvents?: number;
  /** How much it holds at most (JSON bytes); MAX_HELD_BYTES unless set (tests shorten it). */
  maxHeldBytes?: number;
}

// Far below Temporal's history warnings (10,240 events / 10 MB): each relay batch's signal costs
// four events, and a replay after a failed task reads them all.
const MAX_HISTORY_EVENTS = 2_000;
const MAX_HISTORY_BYTES = 4 * 1024 * 1024;

/**
 * One of an organization's ESCALATION_WAIT_BUCKETS, `escalation-waits:<org>:<n>`: holds the
 * escalations whose level 1 the outbox relay paged (signalled a relay batch at a time) until their
 * next level or delayed rule is due, then hands each on, 5 s early, as its own workflow's delayed
 * start (`escalation:<incident>`) to page from there. A waiting escalation costs Temporal no workflow of its own: most are
 * acknowledged before their next level, and end here without one (decision 0036).
 *
 * Messages reach it through `waitingEscalationUpdate` from whoever found no workflow for the
 * escalation (the relay's acknowledgements and resolutions, the API's escalate-now and
 * reassignment): an acknowledgement, resolution or reassignment ends a waiting escalation here; an
 * escalate-now starts its workflow at once with the signal. For an escalation being started the
 * answer waits until it runs, so the sender finds the workflow when it asks again.
 */
export async function escalationWaitsWorkflow(input: EscalationWaitsInput): Promise<void> {
  const maxHeldBytes = input.maxHeldBytes ?? MAX_HELD_BYTES;
  const waiting = new Map<string, Waiting>();
  // Each held escalation's JSON size, and their sum: what continue-as-new would carry.
  const sizes = new Map<string, number>();
  let heldBytes = 0;
  const starting = new Map<string, Waiting>();
  const settled = new Map<string, SettledEscalation>();
  const known = (key: string) => waiting.has(key) || starting.has(key) || settled.has(key);
  const hold = (entries: readonly Waiting[]) => {
    const accepted = acceptedWaits(input.organizationId, entries, known);
    for (const [key, entry] of accepted) {
      waiting.set(key, entry);
      const size = waitSize(entry);
      sizes.set(key, size);
      heldBytes += size;
    }
    if (accepted.length < entries.length)
      log.info('escalation waits left out (held already, or not this organization)', { left: entries.length - accepted.length });
    return accepted;
  };
  /** No longer held (started, or ended here). */
  const release = (key: string) => {
    waiting.delete(key);
    heldBytes -= sizes.get(key) ?? 0;
    sizes.delete(key);
  };
  for (const record of input.settled ?? []) settled.set(record.key, record);
  hold(input.waiting ?? []);

  const runIsLong = () => {
    const info = workflowInfo();
    return (
      info.continueAsNewSuggested ||
      info.historyLength >= (input.maxHistoryEvents ?? MAX_HISTORY_EVENTS) ||
      info.historySize >= MAX_HISTORY_BYTES
    );
  };

  // The soonest time the loop's timer is armed for: a signal wakes the loop only for an earlier one,
  // or to continue as new once the run's history is long (a storm signals a bucket every relay batch).
  let armedFor: number | null = null;
  let woken = false;
  setHandler(escalationsWaitingSignal, ({ entries }) => {
    for (const [, entry] of hold((entries ?? []) as Waiting[])) {
      if (armedFor === null || entry.wakeAt - HAND_OFF_LEAD_MS < armedFor) woken = true;
    }
    if (runIsLong() || heldBytes > maxHeldBytes) woken = true;
  });

  setHandler(waitingEscalationQuery, (key) => {
    const entry = waiting.get(key) ?? starting.get(key);
    if (entry) return { waiting: { ...entry.state } };
    const record = settled.get(key);
    if (!record) return null;
    return record.ended === 'started' ? { started: true } : { ended: record.ended };
  });

  /**
   * Starts these escalations' workflows, each delayed until its wake (escalate-now: at once, with
   * its signal), then remembers them as started.
   */
  const start = async (entries: Array<[string, Waiting]>, escalateNow = false) => {
    for (const [key, entry] of entries) {
      release(key);
      starting.set(key, entry);
    }
    await startWaitedEscalations({
      taskQueue: input.taskQueue,
      escalations: entries.map(([, entry]) => ({
        input: entry.input,
        state: entry.state,
        ...(escalateNow ? { escalateNow: true } : { wakeAt: entry.wakeAt }),
      })),
    });
    for (const [key] of entries) {
      starting.delete(key);
      settled.set(key, { key, ended: 'started', at: Date.now() });
    }
  };

  setHandler(
    waitingEscalationUpdate,
    async ({ key, message }): Promise<WaitingEscalationAnswer> => {
      // Being started: answered once it runs, so the sender finds its workflow.
      if (starting.has(key)) await condition(() => !starting.has(key));
      const entry = waiting.get(key);
      if (entry) {
        if (message === 'escalate_now') {
          await start([[key, entry]], true);
          return { held: true, state: { ...entry.state } };
        }
        release(key);
        settled.set(key, { key, ended: message, at: Date.now() });
        return { held: true, state: endedWaitState(entry.state, message) };
      }
      const record = settled.get(key);
      if (!record) return { held: false };
      return record.ended === 'started' ? { held: false, started: true } : { held: false, ended: record.ended };
    },
    {
      validator: ({ key, message }) => {
        if (typeof key !== 'string' || !['acknowledged', 'resolved', 'reassigned', 'escalate_now'].includes(message)) {
          throw new Error('a waiting escalation message needs a key and one of acknowledged, resolved, reassigned, escalate_now');
        }
      },
    },
  );

  for (;;) {
    const now = Date.now();
    for (const key of expiredSettled(settled, now)) settled.delete(key);
    // Handed on a little before their wake, as delayed starts: each pages its next level on time.
    const due = dueWaits(waiting, now + HAND_OFF_LEAD_MS);
    if (due.length > 0) {
      await start(due);
      continue;
    }
    // More than continue-as-new may carry: the ones due last wait as their own delayed starts.
    const overflowing = overflowingWaits(waiting, (key) => sizes.get(key) ?? 0, maxHeldBytes);
    if (overflowing.length > 0) {
      await start(overflowing);
      continue;
    }
    if (waiting.size === 0 && starting.size === 0 && settled.size === 0 && allHandlersFinished()) return;
    if (runIsLong() && starting.size === 0) {
      await condition(allHandlersFinished);
      if (starting.size === 0) {
        return continueAsNew<typeof escalationWaitsWorkflow>({
          ...input,
          waiting: [...waiting.values()],
          settled: [...settled.values()],
        });
      }
    }
    const wake = nextWake(waiting, settled, HAND_OFF_LEAD_MS);
    armedFor = wake;
    woken = false;
    if (wake === null) await condition(() => woken || waiting.size > 0);
    else await condition(() => woken, Math.max(1, wake - Date.now()));
    armedFor = null;
  }
}
