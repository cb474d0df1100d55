import { z } from 'zod';
import { PRIORITIES } from '../../shared/domain/priority.ts';
import { single, timestamp } from './common.ts';

const priority = z.enum(PRIORITIES).describe('The priority, P1 (most pressing) to P5');

export const PriorityRunbookSchema = z
  .object({
    priority,
    procedure_id: z.uuid().describe('The procedure (runbook) started'),
    procedure_name: z.string().describe('The procedure’s name as it is now'),
    auto_approve: z.boolean().describe('Steps that change systems (http other than GET or HEAD) run without waiting for an approval'),
    resolve_incident: z.boolean().describe('The run’s success resolves the incident, which stops its paging'),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({
    id: 'PriorityRunbook',
    description:
      'The runbook started when an incident opens with this priority or is set to it later. At most one automatic run per incident: a routing rule’s runbook wins over the priority’s, and once one started no other does.',
  });
export type PriorityRunbookView = z.output<typeof PriorityRunbookSchema>;

export const PriorityRunbookParams = z.object({ priority });

export const PutPriorityRunbookBody = z
  .object({
    procedure_id: z.uuid().describe("One of the organization's procedures (404 NOT_FOUND otherwise)"),
    auto_approve: z.boolean().default(false).describe('Run steps that change systems without an approval (default false)'),
    resolve_incident: z.boolean().default(true).describe('Resolve the incident when the run succeeds (default true)'),
  })
  .strict();

export const PriorityRunbookResponse = single(PriorityRunbookSchema);
export const PriorityRunbookListResponse = single(z.array(PriorityRunbookSchema));
