import { randomUUID } from 'node:crypto';
import type protoPackage from '@temporalio/proto';
import { Context } from '@temporalio/activity';
import { Worker } from '@temporalio/worker';
import { waitFor } from '../../dev/wait-for.ts';
import { MAX_DOCUMENTS_PER_PASS, type SearchIndexBucketInput, type SearchIndexInput } from '../../shared/domain/search.ts';
import type { searchIndexBucketWorkflow } from '../../workflows/search-index-bucket.workflow.ts';
import { searchDocumentsChangedSignal } from '../../workflows/messages.ts';
import { WORKFLOWS_PATH } from '../../worker/worker.ts';
import { readRecordedHistory } from '../helpers/recorded-history.ts';
import { startWorkflowTestEnv, type ActivityMocks, type WorkflowTestEnv } from '../helpers/workflow-env.ts';
import {
  expectEndedIdle,
  afterFirstTimerStarted,
  passesEndedInWorkflow,
  recordHistoryWhenAsked,
  replayIdleHistory,
  waitForIdleTimersFired,
} from '../helpers/bucket-history.ts';

const HISTORY = new URL('../fixtures/histories/search-index-bucket-run.json', import.meta.url);
const IDLE_MS = 2_000;
const IDLE_HISTORY = new URL('../fixtures/histories/search-index-bucket-idle.json', import.meta.url);
const ONE_TASK_HISTORY = new URL('../fixtures/histories/search-index-bucket-one-task.json', import.meta.url);

/** A pass as the activities saw it: the run it belonged to and its documents (`type:id`). */
interface Pass {
  runId: string;
  documents: string[];
  analyzed: string[];
}

/**
 * The search-index bucket on the real Temporal dev server, with recording stand-ins for the two
 * activities (the indexing itself is covered by test/api/search.int.test.ts): what is under test is
 * which documents the workflow hands to which pass.
 */
describe('searchIndexBucketWorkflow (real Temporal)', () => {
  let wf: WorkflowTestEnv;
  const organizationId = randomUUID();

  beforeAll(async () => {
    wf = await startWorkflowTestEnv();
  });
  afterAll(async () => {
    await wf?.teardown();
  });

  const doc = (type: SearchIndexInput['type'], id: string, organization = organizationId): SearchIndexInput => ({
    organizationId: organization,
    type,
    id,
  });
  const send = (taskQueue: string, workflowId: string, documents: SearchIndexInput[], extra: Partial<SearchIndexBucketInput> = {}) =>
    wf.env.client.workflow.signalWithStart<typeof searchIndexBucketWorkflow, [{ documents: SearchIndexInput[] }]>(
      'searchIndexBucketWorkflow',
      {
        taskQueue,
        workflowId,
        args: [{ organizationId, bucket: 0, ...extra }],
        signal: searchDocumentsChangedSignal,
        signalArgs: [{ documents }],
      },
    );

  /**
   * Stand-ins that record each pass; while `hold` is set, the first indexDocuments call waits for
   * it, so the test can signal during a pass.
   */
  function recorder(hold?: Promise<void>) {
    const passes: Pass[] = [];
    let held = false;
    const mocks: ActivityMocks = {
      indexDocuments: async ({ organizationId: organization, documents }) => {
        expect(organization).toBe(organizationId);
        passes.push({
          runId: Context.current().info.workflowExecution?.runId ?? '',
          documents: documents.map((d) => `${d.type}:${d.id}`),
          analyzed: [],
        });
        if (hold && !held) {
          held = true;
          await hold;
        }
        return { indexed: documents.length, removed: 0, skipped: 0 };
      },
      analyzeIncidents: async ({ incidentIds }) => {
        passes.at(-1)!.analyzed.push(...incidentIds);
        return { analyzed: incidentIds.length };
      },
    };
    return { passes, mocks, started: () => passes.length > 0 };
  }

  it(`indexes many documents of one bucket, each once, ${MAX_DOCUMENTS_PER_PASS} a pass, analysing each pass's incidents, and ends when idle`, async () => {
    const { passes, mocks } = recorder();
    const incidents = Array.from({ length: MAX_DOCUMENTS_PER_PASS + 20 }, (_, index) => doc('incident', `i${index}`));
    const articles = [doc('article', 'a1'), doc('procedure', 'p1')];
    await wf.withWorker(mocks, async (taskQueue) => {
      // The same document twice in one signal and again in the next: indexed once, all in one signal batch.
      const handle = await send(taskQueue, `search-bucket-test-${randomUUID()}`, [...incidents, incidents[0]!, ...articles, articles[0]!], {
        idleMs: 1_000,
      });
      await handle.result();
    });
    expect(passes.map((pass) => pass.documents.length)).toEqual([MAX_DOCUMENTS_PER_PASS, 22]);
    const indexed = passes.flatMap((pass) => pass.documents);
    expect(indexed.sort()).toEqual([...incidents, ...articles].map((d) => `${d.type}:${d.id}`).sort());
    for (const pass of passes) {
      expect(pass.analyzed).toEqual(
        pass.documents.filter((key) => key.startsWith('incident:')).map((key) => key.slice('incident:'.length)),
      );
    }
  });

  it('indexes a document again when it is signalled while its pass runs, so the index ends on the latest row', async () => {
    let release!: () => void;
    const { passes, mocks, started } = recorder(new Promise<void>((resolve) => (release = resolve)));
    await wf.withWorker(mocks, async (taskQueue) => {
      const workflowId = `search-bucket-test-${randomUUID()}`;
      const handle = await send(taskQueue, workflowId, [doc('incident', 'x'), doc('article', 'y')], { idleMs: 1_000 });
      await waitFor('the first pass to start', async () => started() || undefined, { timeoutMs: 20_000, intervalMs: 20 });
      await send(taskQueue, workflowId, [doc('incident', 'x')], { idleMs: 1_000 });
      release();
      await handle.result();
    });
    expect(passes.map((pass) => pass.documents)).toEqual([['incident:x', 'article:y'], ['incident:x']]);
    expect(passes.map((pass) => pass.analyzed)).toEqual([['x'], ['x']]);
  });

  it('continues as new carrying the documents signalled during a pass, and the next run indexes them', async () => {
    let release!: () => void;
    const { passes, mocks, started } = recorder(new Promise<void>((resolve) => (release = resolve)));
    const workflowId = `search-bucket-test-${randomUUID()}`;
    let firstRunId: string | undefined;
    await wf.withWorker(mocks, async (taskQueue) => {
      // Any history is "long" here: the run continues as new after its first pass.
      const extra = { idleMs: 1_000, maxHistoryEvents: 1 };
      firstRunId = (await send(taskQueue, workflowId, [doc('incident', 'x'), doc('article', 'y')], extra)).signaledRunId;
      await waitFor('the first pass to start', async () => started() || undefined, { timeoutMs: 20_000, intervalMs: 20 });
      await send(taskQueue, workflowId, [doc('incident', 'x'), doc('procedure', 'z')], extra);
      release();
      await wf.env.client.workflow.getHandle(workflowId).result();
    });
    const first = wf.env.client.workflow.getHandle(workflowId, firstRunId);
    expect((await first.describe()).status.name).toBe('CONTINUED_AS_NEW');
    expect(passes.map((pass) => pass.documents)).toEqual([
      ['incident:x', 'article:y'],
      ['incident:x', 'procedure:z'],
    ]);
    expect(passes[0]!.runId).toBe(firstRunId);
    expect(passes[1]!.runId).not.toBe(firstRunId);

    // Recorded once from this code (RECORD_HISTORIES=1), then replayed by the test below.
    await recordHistoryWhenAsked(HISTORY, await first.fetchHistory());
  });

  it("refuses documents of another organization: they never reach the bucket's pass", async () => {
    const { passes, mocks } = recorder();
    await wf.withWorker(mocks, async (taskQueue) => {
      const handle = await send(
        taskQueue,
        `search-bucket-test-${randomUUID()}`,
        [doc('incident', 'own'), doc('incident', 'theirs', randomUUID())],
        {
          idleMs: 1_000,
        },
      );
      await handle.result();
    });
    expect(passes.map((pass) => pass.documents)).toEqual([['incident:own']]);
  });

  it('re-arms its idle timer for the rest of the quiet period after later documents, and does not end during a pass that outlasts the idle period', async () => {
    const workflowId = `search-bucket-test-${randomUUID()}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const indexed: string[] = [];
    const analyzed: string[] = [];
    const mocks: ActivityMocks = {
      indexDocuments: async ({ documents }) => {
        if (documents.some((document) => document.id === 'slow')) await held;
        indexed.push(...documents.map((document) => `${document.type}:${document.id}`));
        return { indexed: documents.length, removed: 0, skipped: 0 };
      },
      analyzeIncidents: async ({ incidentIds }) => {
        analyzed.push(...incidentIds);
        return { analyzed: incidentIds.length };
      },
    };
    const indexedAll = (keys: string[]) =>
      waitFor(`${keys.join(', ')} indexed`, async () => (keys.every((key) => indexed.includes(key)) ? true : undefined), {
        timeoutMs: 20_000,
        intervalMs: 20,
      });
    const handle = await wf.withWorker(mocks, async (taskQueue) => {
      const first = await send(taskQueue, workflowId, [doc('incident', 'first')], { idleMs: IDLE_MS });
      await indexedAll(['incident:first']);
      await afterFirstTimerStarted(first, IDLE_MS / 2);
      await send(taskQueue, workflowId, [doc('article', 'second')], { idleMs: IDLE_MS });
      await indexedAll(['article:second']);
      await passesEndedInWorkflow(first, 2);
      await send(taskQueue, workflowId, [doc('incident', 'slow')], { idleMs: IDLE_MS });
      // The first timer fires, is re-armed for what is left after `second`, and fires again, all while `slow` is held.
      await waitForIdleTimersFired(first, 2).finally(release);
      await first.result();
      return wf.env.client.workflow.getHandle(workflowId, first.signaledRunId);
    });
    expect(indexed).toEqual(['incident:first', 'article:second', 'incident:slow']);
    expect(analyzed).toEqual(['first', 'slow']);
    // Recorded once from this code (RECORD_HISTORIES=1), then replayed by the test below.
    await expectEndedIdle(handle, IDLE_MS, IDLE_HISTORY);
  });

  it('replays a recorded idle history (a re-armed idle timer, a pass that outlasts the idle period, the end): no non-determinism', async () => {
    await replayIdleHistory(IDLE_HISTORY, IDLE_MS);
  });

  /**
   * One workflow task saw a pass end and the idle timer fire, and answered with the next pass's
   * activity, then the re-armed timer: the order replay holds a bucket to.
   */
  const expectNextPassThenTimerInOneTask = (history: protoPackage.temporal.api.history.v1.IHistoryEvent[]) => {
    const fired = history.findIndex((event) => event.timerFiredEventAttributes);
    const completed = history.findLastIndex((event, index) => index < fired && event.activityTaskCompletedEventAttributes);
    expect(history.slice(completed + 1, fired).some((event) => event.workflowTaskCompletedEventAttributes)).toBe(false);
    // The commands of the task that followed: nothing between its completion and them.
    const answered = history.findIndex((event, index) => index > fired && event.workflowTaskCompletedEventAttributes);
    expect(
      history
        .slice(answered + 1, answered + 3)
        .map(
          (event) =>
            event.activityTaskScheduledEventAttributes?.activityType?.name ??
            (event.timerStartedEventAttributes ? 'timer' : event.eventType),
        ),
    ).toEqual(['indexDocuments', 'timer']);
  };

  it('starts the next pass and re-arms its idle timer in one workflow task, when a pass ended and the timer fired while no workflow worker ran', async () => {
    const idleMs = 8_000;
    const taskQueue = `wf-test-${randomUUID()}`;
    const workflowId = `search-bucket-test-${randomUUID()}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const indexed: string[] = [];
    const analyzed: string[] = [];
    const activities: ActivityMocks = {
      indexDocuments: async ({ documents }) => {
        indexed.push(...documents.map((document) => `${document.type}:${document.id}`));
        if (documents.some((document) => document.id === 'slow')) await held;
        return { indexed: documents.length, removed: 0, skipped: 0 };
      },
      analyzeIncidents: async ({ incidentIds }) => {
        analyzed.push(...incidentIds);
        return { analyzed: incidentIds.length };
      },
    };
    const events = async () => (await wf.env.client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
    const eventually = (what: string, seen: (history: Awaited<ReturnType<typeof events>>) => boolean) =>
      waitFor(what, async () => (seen(await events()) ? true : undefined), { timeoutMs: 30_000, intervalMs: 50 });
    const indexedAll = (keys: string[]) =>
      waitFor(`${keys.join(', ')} indexed`, async () => (keys.every((key) => indexed.includes(key)) ? true : undefined), {
        timeoutMs: 20_000,
        intervalMs: 20,
      });
    // Workflow tasks go back to the shared queue soon after their worker stops.
    const workflowWorker = () =>
      Worker.create({
        connection: wf.env.nativeConnection,
        taskQueue,
        workflowBundle: wf.bundle,
        stickyQueueScheduleToStartTimeout: '1 second',
      });
    const activityWorker = await Worker.create({ connection: wf.env.nativeConnection, taskQueue, activities });
    await activityWorker.runUntil(async () => {
      const first = await (
        await workflowWorker()
      ).runUntil(async () => {
        const handle = await send(taskQueue, workflowId, [doc('article', 'a')], { idleMs });
        await indexedAll(['article:a']);
        // `b`'s pass ends well inside the first quiet period, so the first timer is re-armed when it fires.
        await afterFirstTimerStarted(handle, idleMs / 2);
        await send(taskQueue, workflowId, [doc('article', 'b')], { idleMs });
        await indexedAll(['article:b']);
        await passesEndedInWorkflow(handle, 2);
        await send(taskQueue, workflowId, [doc('article', 'slow')], { idleMs });
        await indexedAll(['article:slow']);
        // `c` waits for the next pass.
        await send(taskQueue, workflowId, [doc('incident', 'c')], { idleMs });
        await eventually('`c` received', (history) => {
          const lastSignal = history.findLastIndex((event) => event.workflowExecutionSignaledEventAttributes);
          return (
            history.filter((event) => event.workflowExecutionSignaledEventAttributes).length === 4 &&
            history.slice(lastSignal).some((event) => event.workflowTaskCompletedEventAttributes)
          );
        });
        return handle;
      });
      // No workflow worker: the pass ends, then the first timer fires; one task will carry both.
      release();
      await eventually('the pass ended', (history) => history.filter((event) => event.activityTaskCompletedEventAttributes).length === 3);
      await eventually('the first timer fired', (history) => history.some((event) => event.timerFiredEventAttributes));
      await (await workflowWorker()).runUntil(first.result());
    });
    expect(indexed).toEqual(['article:a', 'article:b', 'article:slow', 'incident:c']);
    expect(analyzed).toEqual(['c']);
    const history = await events();
    expectNextPassThenTimerInOneTask(history);
    // Recorded once from this code (RECORD_HISTORIES=1), then replayed by the test below.
    await recordHistoryWhenAsked(ONE_TASK_HISTORY, { events: history });
  });

  it('replays a recorded history in which one task started the next pass and re-armed the idle timer: no non-determinism', async () => {
    const history = await readRecordedHistory(ONE_TASK_HISTORY);
    expectNextPassThenTimerInOneTask(history.events);
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history)).resolves.toBeUndefined();
  });

  it('replays a recorded bucket history (signals during a pass, continue-as-new): no non-determinism', async () => {
    const history = await readRecordedHistory(HISTORY);
    expect(history.events.some((event) => event.workflowExecutionContinuedAsNewEventAttributes)).toBe(true);
    expect(history.events.filter((event) => event.workflowExecutionSignaledEventAttributes).length).toBeGreaterThan(1);
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_PATH }, history)).resolves.toBeUndefined();
  });
});
