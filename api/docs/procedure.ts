// What the OpenAPI document says of each procedure operation, by operationId (api/routes/procedure.routes.ts).

export const procedureDocs = {
  createProcedure:
    "Step types: `manual` and `approval` wait for a person (PATCH /executions/{id}), `http` calls a URL (2xx or `config.expected_status` succeeds; 5xx is retried 3 times), `wait` pauses `config.seconds` (1..86400). Each step's `config` is validated against its type; a step `id` names nothing yet and is ignored.",
  updateProcedure:
    "Bumps `version`. Executions already started keep the definition they started with. A step `id` that is not one of this procedure's steps is 404 NOT_FOUND (`detail` names it).",
  deleteProcedure: 'Its executions, running or finished, keep their own copy of the definition and stay readable.',
  executeProcedure:
    'Freezes the current definition into the execution and starts its Temporal workflow `execution:<id>`. An `incident_id` naming no incident of the organization is 404 NOT_FOUND (`detail` names the field).',
} as const;
