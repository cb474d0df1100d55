import { z } from 'zod';
import { SELF_TEST_STATUSES } from '../../shared/domain/self-test.ts';
import { single, timestamp } from './common.ts';

export const SelfTestRunSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(SELF_TEST_STATUSES),
    workflow_id: z.string(),
    worker_identity: z.string().nullable().describe('pid@host of the worker that ran the activity'),
    created_at: timestamp(),
    completed_at: timestamp().nullable(),
  })
  .meta({ id: 'SelfTestRun' });

/** What the services return: the response schemas are the contract, these types follow them. */
export type SelfTestRunView = z.output<typeof SelfTestRunSchema>;

export const SelfTestRunResponse = single(SelfTestRunSchema);
