// What the OpenAPI document says of each integration operation, by operationId (api/routes/integration.routes.ts).

export const integrationDocs = {
  createIntegration:
    'The response carries `webhook_secret` (the given `secret` or a generated one) once; it is stored encrypted and never shown again. ' +
    'A `pager` integration also answers, once, its `routing_key` for the PagerDuty Events API v2 (`POST /v2/enqueue`), derived from the secret. ' +
    "The plan caps the organization's integrations (`GET /billing`: `limits.integrations`): one more is 402 `PLAN_LIMIT_REACHED` and nothing is created; concurrent creates are counted one after the other.",
  testMapping:
    'Evaluates `template` (JSONata) on `sample` under the same limits as webhooks (time and depth; a runaway template is stopped) and answers what a `generic_json` integration would make of it: ' +
    '`alerts` mapped, `rejected` objects (the field at fault), or `error` when the template does not compile (`stage: compile`, with `position`) or fails on the sample. Nothing is stored or queued.',
  testIntegrationMapping:
    "As `POST /integrations/test-mapping`, with the integration's stored template unless `template` is given. 422 when the integration is not `generic_json` or has no template and none is sent.",
  updateIntegration:
    '`enabled` switches inbound webhooks; `outbound_paused` switches outbound deliveries, which pause by themselves after 10 failed deliveries in a row ' +
    '(status `error`) while inbound alerts keep being accepted. `{"outbound_paused": false}` resumes them. ' +
    'A `webhook_config.url` moved to another scheme, host or port must carry its `secret_headers` values again (422 otherwise). ' +
    'Sending `{{integration.secret}}` in `headers` to a new scheme, host or port (or adding it) takes `integrations:*` (403 otherwise).',
  rotateIntegrationSecret:
    'The new secret is shown once (with the new Events API v2 `routing_key` of a `pager` integration). The previous one (and its routing key) stays valid for 24 hours so senders can switch over.',
} as const;
