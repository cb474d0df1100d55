import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import type { DeliveryInput, DeliveryResult, SendWebhookResult } from '../../shared/domain/delivery.ts';
import type { outboundDeliveryWorkflow } from '../../workflows/outbound-delivery.workflow.ts';
import { startWorkflowTestEnv, type ActivityMocks, type WorkflowTestEnv } from '../helpers/workflow-env.ts';

type Attempt = SendWebhookResult | ApplicationFailure;

const failure = (nonRetryable: boolean) =>
  ApplicationFailure.create({
    message: `https://hooks.example.test/x answered ${nonRetryable ? 410 : 503}`,
    type: 'WebhookUnexpectedStatus',
    nonRetryable,
  });
const delivered: SendWebhookResult = { status: 'delivered', statusCode: 200, attempt: 1 };

/**
 * The workflow alone, with sendWebhook and recordDeliveryOutcome (HTTP and the database, covered by
 * outbound-delivery.int.test.ts end to end) replaced by scripted answers, one per attempt.
 */
describe('outboundDeliveryWorkflow (real Temporal, modelled activities)', () => {
  let wf: WorkflowTestEnv;
  beforeAll(async () => {
    wf = await startWorkflowTestEnv();
  });
  afterAll(async () => {
    await wf?.teardown();
  });

  it.each<[string, Attempt[], number, DeliveryResult, boolean | null]>([
    ['a delivered event counts as a success', [delivered], 1, { status: 'delivered', statusCode: 200, error: null }, true],
    [
      'a skipped event (integration disabled meanwhile) counts as nothing',
      [{ status: 'skipped', reason: 'integration disabled' }],
      1,
      { status: 'skipped', statusCode: null, error: 'integration disabled' },
      null,
    ],
    // deliveryActivityOptions: 3 attempts, 1 s then 2 s apart.
    [
      'a transient failure is retried, then delivered',
      [failure(false), delivered],
      2,
      { status: 'delivered', statusCode: 200, error: null },
      true,
    ],
    [
      'failing every attempt: 3 attempts, one failure counted',
      [failure(false), failure(false), failure(false), delivered],
      3,
      { status: 'failed', statusCode: null, error: 'https://hooks.example.test/x answered 503' },
      false,
    ],
    [
      'a non-retryable failure (4xx) is not retried',
      [failure(true), delivered],
      1,
      { status: 'failed', statusCode: null, error: 'https://hooks.example.test/x answered 410' },
      false,
    ],
  ])('%s', async (_name, script, attempts, expected, counted) => {
    const input: DeliveryInput = {
      eventId: randomUUID(),
      eventType: 'incident.created',
      organizationId: randomUUID(),
      integrationId: randomUUID(),
      incidentId: randomUUID(),
    };
    const sent: DeliveryInput[] = [];
    const outcomes: Array<DeliveryInput & { succeeded: boolean }> = [];
    const mocks: ActivityMocks = {
      sendWebhook: async (request) => {
        const answer = script[sent.length] as Attempt;
        sent.push(request);
        if (answer instanceof ApplicationFailure) throw answer;
        return answer;
      },
      recordDeliveryOutcome: async (outcome) => {
        outcomes.push(outcome);
        return { consecutiveFailures: outcome.succeeded ? 0 : 1, paused: false };
      },
    };
    const result = await wf.withWorker(mocks, (taskQueue) =>
      wf.env.client.workflow.execute<typeof outboundDeliveryWorkflow>('outboundDeliveryWorkflow', {
        taskQueue,
        workflowId: `delivery-test-${randomUUID()}`,
        args: [input],
      }),
    );
    expect(result).toEqual(expected);
    expect(sent).toEqual(Array.from({ length: attempts }, () => input));
    expect(outcomes).toEqual(counted === null ? [] : [{ ...input, succeeded: counted }]);
  });
});
