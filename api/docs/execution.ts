// What the OpenAPI document says of each execution operation, by operationId (api/routes/execution.routes.ts).

export const executionDocs = {
  updateExecution:
    'Reaches the running workflow as a Temporal update and answers once the change is persisted. `{step_id, status}` completes the manual or approval step that is waiting (409 CONFLICT if that step is not waiting); `failed` fails the execution and skips later steps, `skipped` moves on. `{status: "cancelled"}` ends the execution `cancelled` and skips every open step (409 once it has ended). An unknown `step_id` is 404 NOT_FOUND (`detail` names the field).',
} as const;
