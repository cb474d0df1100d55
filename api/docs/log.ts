// What the OpenAPI document says of each log operation, by operationId (api/routes/log.routes.ts).

export const logDocs = {
  submitLogs: 'Body `{logs: [{timestamp, level, message, service, attributes}]}`, at most 1000 entries.',
} as const;
