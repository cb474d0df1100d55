// Which workflows a benchmark run started, on which task queue, and how long their first task waited
// for a worker: what shares the worker's slots and cores with the path being measured.
import { Connection, WorkflowClient, type WorkflowHandle } from '@temporalio/client';
import { tsToMs } from '@temporalio/common/lib/time.js';
import protoPackage from '@temporalio/proto';
import type { ProductionStack } from './production-stack.ts';
import { percentile } from './percentile.ts';

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : 'n/a');

type HistoryEvent = NonNullable<Awaited<ReturnType<WorkflowHandle['fetchHistory']>>['events']>[number];

export interface WorkflowTaskTimes {
  scheduled: number;
  started?: number;
  completed?: number;
  /** When the server failed the task or it timed out: when, and why (the failure's cause, or `timed out`). */
  failed?: { at: number; cause: string };
}

/** A workflow history's tasks in order, each with when it was scheduled, started and completed or failed (epoch ms). */
export function workflowTasksOf(events: readonly HistoryEvent[]): WorkflowTaskTimes[] {
  const tasks: WorkflowTaskTimes[] = [];
  for (const event of events) {
    if (event.workflowTaskScheduledEventAttributes) tasks.push({ scheduled: tsToMs(event.eventTime) });
    const task = tasks.at(-1);
    if (task && event.workflowTaskStartedEventAttributes) task.started = tsToMs(event.eventTime);
    if (task && event.workflowTaskCompletedEventAttributes) task.completed = tsToMs(event.eventTime);
    const failure = event.workflowTaskFailedEventAttributes;
    if (task && failure)
      task.failed = {
        at: tsToMs(event.eventTime),
        cause: String(protoPackage.temporal.api.enums.v1.WorkflowTaskFailedCause[failure.cause ?? 0]),
      };
    if (task && event.workflowTaskTimedOutEventAttributes) task.failed = { at: tsToMs(event.eventTime), cause: 'timed out' };
  }
  return tasks;
}

/**
 * One line per task queue and workflow type started since `since`: how many, and for a sample of
 * `sample` of them, their first workflow task's wait (scheduled → started) and how long a worker
 * held their tasks (started → completed, local activities included, summed over each run).
 */
export async function workflowCensus(temporal: ProductionStack['temporal'], since: Date, sample = 40): Promise<string[]> {
  const connection = await Connection.connect({ address: temporal.address });
  try {
    const client = new WorkflowClient({ connection, namespace: temporal.namespace });
    const groups = new Map<string, { workflowId: string; runId: string }[]>();
    for await (const execution of client.list({ query: `StartTime >= '${since.toISOString()}'` })) {
      const key = `${execution.taskQueue.replace(temporal.taskQueue, '<queue>')} ${execution.type}`;
      const group = groups.get(key) ?? [];
      group.push({ workflowId: execution.workflowId, runId: execution.runId });
      groups.set(key, group);
    }
    const lines = ['  workflows started in the run (queue, type: count; sampled first task queued p50 / p99; tasks ran per run p50)'];
    for (const [key, executions] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
      const firstWaits: number[] = [];
      const ranPerRun: number[] = [];
      let sampled = 0;
      let notStarted = 0;
      const step = Math.max(1, Math.floor(executions.length / sample));
      for (const { workflowId, runId } of executions.filter((_, i) => i % step === 0).slice(0, sample)) {
        const tasks = workflowTasksOf((await client.getHandle(workflowId, runId).fetchHistory()).events ?? []);
        const first = tasks[0];
        sampled += 1;
        if (!first) notStarted += 1;
        if (first?.started !== undefined) firstWaits.push(first.started - first.scheduled);
        ranPerRun.push(
          tasks.reduce(
            (sum, { started, completed }) => (started !== undefined && completed !== undefined ? sum + completed - started : sum),
            0,
          ),
        );
      }
      // A delayed start (an escalation waiting for its next level) has no task until its delay ends.
      const waiting = notStarted > 0 ? `; ${notStarted} of ${sampled} sampled not yet run (a delayed start)` : '';
      lines.push(
        `    ${key}: ${executions.length}; first task queued ${fmt(percentile(firstWaits, 50))} / ${fmt(percentile(firstWaits, 99))} ms; ran ${fmt(percentile(ranPerRun, 50))} ms${waiting}`,
      );
    }
    return lines;
  } finally {
    await connection.close();
  }
}
