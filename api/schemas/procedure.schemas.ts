import { z } from 'zod';
import {
  ApprovalStepConfig,
  EXECUTION_STATUSES,
  HttpStepConfig,
  ManualStepConfig,
  STEP_DECISIONS,
  STEP_STATUSES,
  STEP_TYPES,
  StepInputSchema,
  WaitStepConfig,
} from '../../shared/domain/procedure.ts';
import { PRIORITIES } from '../../shared/domain/priority.ts';
import type { ExecutionView } from '../../shared/db/access/executions.ts';
import { list, nonBlankText, PaginationQuery, requireAnyOf, single, timestamp, type SameType } from './common.ts';

const tags = z.array(nonBlankText().max(100)).max(50);
const steps = z.array(StepInputSchema).max(100).describe('Ordered; position follows the array order');

export const ProcedureStepSchema = z
  .object({
    id: z.uuid(),
    position: z.number().int().describe('0-based order of the step'),
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(STEP_TYPES),
    config: z.union([ManualStepConfig, HttpStepConfig, WaitStepConfig, ApprovalStepConfig]).describe('Shape depends on `type`'),
  })
  .meta({ id: 'ProcedureStep' });

export const ProcedureSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    tags: z.array(z.string()),
    version: z.number().int().describe('Incremented by every change of the definition'),
    steps: z.array(ProcedureStepSchema),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Procedure' });

export const ProcedureListQuery = PaginationQuery.extend({
  tag: nonBlankText().max(100).optional().describe('Only procedures carrying this tag'),
});

export const CreateProcedureBody = z.object({
  name: nonBlankText().max(200),
  description: z.string().max(20_000).nullish(),
  tags: tags.default([]),
  steps: steps.default([]),
});

export const UpdateProcedureBody = requireAnyOf(
  z.object({
    name: nonBlankText().max(200).optional(),
    description: z.string().max(20_000).nullable().optional(),
    tags: tags.optional(),
    steps: steps.optional().describe('Replaces every step; a step sent with the `id` of an existing step keeps that id'),
  }),
);

export const ExecuteProcedureBody = z.object({
  incident_id: z.uuid().nullish().describe('Ties the execution to an incident: its timeline records every step'),
  parameters: z
    .record(z.string(), z.unknown())
    .default({})
    .describe("Values for {{parameters.<name>}} placeholders in http steps' url, headers and body (scalars only)"),
});

export const ExecutionStepSchema = z
  .object({
    step_id: z.uuid(),
    position: z.number().int(),
    name: z.string(),
    type: z.enum(STEP_TYPES),
    status: z.enum(STEP_STATUSES),
    output: z.unknown().describe('http steps: `{status_code, body}`, or `{error, ...}` on failure; others: what the person sent'),
    notes: z.string().nullable(),
    actor_id: z.uuid().nullable(),
    started_at: timestamp().nullable(),
    completed_at: timestamp().nullable(),
  })
  .meta({ id: 'ExecutionStep' });

export const ExecutionSchema = z
  .object({
    id: z.uuid(),
    procedure_id: z.uuid(),
    procedure_name: z.string().describe('As it was when the execution started'),
    procedure_version: z.number().int().describe('The definition version the execution runs, whatever edits came later'),
    incident_id: z.uuid().nullable(),
    status: z.enum(EXECUTION_STATUSES),
    parameters: z.record(z.string(), z.unknown()),
    steps: z.array(ExecutionStepSchema),
    started_by: z
      .uuid()
      .nullable()
      .describe('Who started it; null when it started automatically (`routing_rule_id` or `priority_runbook`)'),
    routing_rule_id: z
      .uuid()
      .nullable()
      .describe(
        'The routing rule that started it when its incident opened (at most one automatic run per incident); null: started by a person or a priority',
      ),
    priority_runbook: z
      .enum(PRIORITIES)
      .nullable()
      .describe(
        'The priority whose runbook started it, when its incident opened with that priority or was set to it later (at most one automatic run per incident); null: started by a person or a routing rule',
      ),
    started_at: timestamp(),
    completed_at: timestamp().nullable(),
    workflow_id: z
      .string()
      .describe('The Temporal workflow id: `execution:<id>`, or `remediation:<incident id>` for a run started automatically'),
  })
  .meta({ id: 'Execution' });

export const ExecutionListQuery = PaginationQuery.extend({
  procedure_id: z.uuid().optional(),
  incident_id: z.uuid().optional(),
  status: z.enum(EXECUTION_STATUSES).optional(),
});

export const UpdateExecutionBody = z
  .union([
    z.strictObject({ status: z.literal('cancelled') }),
    z.strictObject({
      step_id: z.uuid(),
      status: z.enum(STEP_DECISIONS),
      notes: z.string().max(10_000).nullish(),
      output: z.unknown().optional(),
    }),
  ])
  .describe('Either `{status: "cancelled"}`, or the outcome of the waiting manual or approval step');

/** What the services return: the response schemas are the contract, these types follow them. */
export type ProcedureView = z.output<typeof ProcedureSchema>;
/** Built by the worker too, so written out in shared/; pinned here to the schema. */
export const executionViewIsExecutionSchema: SameType<ExecutionView, z.output<typeof ExecutionSchema>> = true;
export type ProcedureStepView = z.output<typeof ProcedureStepSchema>;

export const ProcedureResponse = single(ProcedureSchema);
export const ProcedureListResponse = list(ProcedureSchema);
export const ExecutionResponse = single(ExecutionSchema);
export const ExecutionListResponse = list(ExecutionSchema);
