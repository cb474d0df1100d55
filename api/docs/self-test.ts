// What the OpenAPI document says of each self-test operation, by operationId (api/routes/self-test.routes.ts).

export const selfTestDocs = {
  startSelfTest: 'Stores a run, starts a Temporal workflow whose activity marks it completed. Poll the run to see a worker pick it up.',
} as const;
