// What the OpenAPI document says of each metrics operation, by operationId (api/routes/metrics.routes.ts).

export const metricsDocs = {
  metrics:
    'Prometheus text exposition format: HTTP request durations by route template, rate-limit refusals, WebSocket connections, ' +
    'alerts received by platform and outcome, open incidents by severity, and Node.js process metrics. ' +
    'When the operator configured a metrics token, requires `Authorization: Bearer <token>` with it (401 otherwise); the series carry no organization data.',
} as const;
