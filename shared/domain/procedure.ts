// Kept free of Node built-ins and I/O: Temporal workflows import the types of this file.
import { z } from 'zod';

export const STEP_TYPES = ['manual', 'http', 'wait', 'approval'] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const EXECUTION_STATUSES = ['pending', 'running', 'waiting', 'completed', 'failed', 'cancelled'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const STEP_STATUSES = ['pending', 'running', 'waiting', 'succeeded', 'failed', 'skipped'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** What a person may report for a waiting manual or approval step. */
export const STEP_DECISIONS = ['succeeded', 'failed', 'skipped'] as const;
export type StepDecisionStatus = (typeof STEP_DECISIONS)[number];

export const HTTP_STEP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export const MAX_WAIT_SECONDS = 86_400;

const instructions = z.string().max(10_000).optional().describe('Shown to the person who performs the step');

// Strict objects: a misspelt key (`second` for `seconds`) is a 422, not a silently ignored field.
export const ManualStepConfig = z.strictObject({ instructions }).meta({ id: 'ManualStepConfig' });
export const ApprovalStepConfig = z.strictObject({ instructions }).meta({ id: 'ApprovalStepConfig' });
export const WaitStepConfig = z.strictObject({ seconds: z.number().int().min(1).max(MAX_WAIT_SECONDS) }).meta({ id: 'WaitStepConfig' });
export const HttpStepConfig = z
  .strictObject({
    url: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2000),
    method: z.enum(HTTP_STEP_METHODS).default('POST'),
    headers: z
      .record(z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'must be a header name'), z.string().max(2000))
      .optional()
      .describe('Plain headers, {{parameters.<name>}} rendered; values shown as `[redacted]` to callers without procedures:update'),
    secret_headers: z
      .record(
        z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'must be a header name'),
        z
          .string()
          .min(1)
          .max(2000)
          .regex(/^[^\r\n]*$/, 'must not contain line breaks'),
      )
      .optional()
      .describe(
        'Write-only headers for credentials: stored encrypted, added at send time (not rendered), answered as `[redacted]`. ' +
          'On update of a step sent with its id, omitted keeps the stored ones, `{}` removes them, `[redacted]` keeps the stored value of that name. ' +
          'Stored values are kept only while `url` keeps its scheme, host and port: moving it elsewhere needs every value sent again (422 naming the header). ' +
          'With secret headers, `url` may use placeholders in its path and query only.',
      ),
    body: z.unknown().optional().describe('A string is sent as is; anything else as JSON'),
    expected_status: z.number().int().min(100).max(599).optional().describe('Default: any 2xx'),
  })
  .meta({ id: 'HttpStepConfig' });

export type HttpStepConfigValue = z.output<typeof HttpStepConfig>;

const stepBase = {
  /** On update, an existing step's id keeps that step's identity; unknown ids are refused. */
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(200),
  description: z.string().max(10_000).nullish(),
};

/** One step of a procedure as a client sends it; `config` is checked against the step's `type`. */
export const StepInputSchema = z.discriminatedUnion('type', [
  z.object({ ...stepBase, type: z.literal('manual'), config: ManualStepConfig.default({}) }),
  z.object({ ...stepBase, type: z.literal('http'), config: HttpStepConfig }),
  z.object({ ...stepBase, type: z.literal('wait'), config: WaitStepConfig }),
  z.object({ ...stepBase, type: z.literal('approval'), config: ApprovalStepConfig.default({}) }),
]);
export type StepInput = z.output<typeof StepInputSchema>;

/** A step as frozen into an execution when it starts: later edits of the procedure do not reach it. */
export interface StepDefinition {
  id: string;
  position: number;
  name: string;
  description: string | null;
  type: StepType;
  config: Record<string, unknown>;
}

/** A stored step as an execution freezes it, sealed secret headers included (the worker opens them). */
export const stepDefinition = (step: Omit<StepDefinition, 'description'> & { description?: string | null }): StepDefinition => ({
  id: step.id,
  position: step.position,
  name: step.name,
  description: step.description ?? null,
  type: step.type,
  config: step.config,
});

export interface ProcedureSnapshot {
  name: string;
  description: string | null;
  version: number;
  steps: StepDefinition[];
}

/** The single input of `procedureExecutionWorkflow`. */
export interface ProcedureExecutionInput {
  executionId: string;
  organizationId: string;
  incidentId: string | null;
  steps: StepDefinition[];
  parameters: Record<string, unknown>;
}

/** One step's state as the workflow holds it and the activity persists it. */
export interface StepState {
  stepId: string;
  status: StepStatus;
  output: unknown;
  notes: string | null;
  actorId: string | null;
  startedAt: string | null;
  completedAt: string | null;
}

/** A change the workflow hands to the persisting activity: the execution status and changed steps. */
export interface ExecutionProgress {
  executionId: string;
  /** 1, 2, 3... per execution, in the order the workflow records progress. */
  seq: number;
  organizationId: string;
  status: ExecutionStatus;
  steps: StepState[];
  completedAt?: string | null;
  actorId?: string | null;
}

/** Body of the `completeStep` update, sent by `PATCH /executions/{id}`. */
export interface StepDecision {
  stepId: string;
  status: StepDecisionStatus;
  notes?: string | null;
  output?: unknown;
  actorId: string | null;
}

export const TERMINAL_EXECUTION_STATUSES: readonly ExecutionStatus[] = ['completed', 'failed', 'cancelled'];

/** Failure types the workflow answers updates with; the API maps them to 409. */
export const EXECUTION_CONFLICT_TYPES = ['StepNotWaiting', 'ExecutionNotRunning'] as const;
