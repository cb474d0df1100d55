// What the OpenAPI document says of each webhook operation, by operationId (api/routes/webhook.routes.ts).

export const webhookDocs = {
  integrationHealth:
    "The caller's organization only (`integrations:read`): a platform is `degraded` while one of the organization's enabled integrations of it is failing " +
    '(status `error`, or its last 3 outbound deliveries failed), and every platform while Temporal or the integrations cannot be read. Same shape as `GET /webhooks/health`; not cached.',
  webhookHealth:
    "No credential, and built from this instance's own signals only, never from any organization's integrations or deliveries: every platform is `ok` while Temporal and the database answer " +
    '(an alert can then be queued), and `degraded` otherwise (`temporal: "down"` when Temporal does not answer; webhooks then answer 503). ' +
    "An organization's own view (its failing integrations per platform) is `GET /integrations/health`. Answers within about 1.5 s whatever a dependency does; always 200, the state is in the body. " +
    'One report answers every caller for up to 2 s (concurrent requests share the one being made), so a change shows within about 2 s.',
  ingestWebhook:
    "The body is the platform's native payload, authenticated by `X-<Platform>-Signature: sha256=<hex HMAC-SHA256 of the raw body>` (pager: `v1=`), or `Authorization: Bearer <integration secret>`. Answered `queued` once Temporal holds every valid alert of the payload. " +
    'Each alert of a multi-alert payload (Alertmanager-style `alerts`, pager `messages`) is judged alone: one lacking a title or a severity, or not an object, is refused and the others are queued; the 200 answer lists the refused ones in `data.rejected` (`[{index, field, reason}]`, index in the payload; empty when all were queued). When no alert of the payload can be ingested the answer is 400 `INVALID_PAYLOAD`, with `details.field` (the first field at fault) and `details.rejected` (every alert and why); a body that is no payload at all (not JSON, not an object, no `alerts` array) is 400 naming the field. ' +
    "The integration's hourly webhook quota counts alerts, not requests: an authentic payload of N valid alerts consumes N units once parsed (refused alerts cost nothing). When fewer than N remain, the whole payload is refused with 429 `RATE_LIMITED` (nothing ingested, no partial ingest; `detail` gives the payload's alert count and what remains; `X-RateLimit-Remaining` and `Retry-After` say when to retry) and counts as one unit; an authentic payload that cannot be ingested (disabled integration, no valid alert, over the per-payload cap) also counts one unit. Failed authentications (bad signature, unknown integration) count against the client IP only (429 past the instance's hourly limit, 100 by default). " +
    'Retries of one delivery (the same raw body, and the same optional `Idempotency-Key` header) within the deduplication window (600 s by default) count once; the same body sent again after the window counts again. ' +
    'A payload carries at most the per-payload cap of alerts (1000 by default); more is 413 `PAYLOAD_TOO_LARGE`, naming the cap. ' +
    "An alert joins the open incident of its dedup key: the platform id that spans the incident (metrics: `fingerprint`); for `infra_monitor`, whose `id` is new for every event, `alert_cycle_key` when sent, else the monitor (`alert_id`/`monitor_id`, else the title without its `[Triggered]`/`[Recovered]` tag) and its scope (`scopes`, else `host`), so a recovery with a new `id` resolves its trigger's incident.",
  ingestWebhookShortForm:
    "Authenticated with `X-API-Key` holding `alerts:ingest` (an API key only, as for a sender: a user's token is 401 INVALID_API_KEY); routed to the organization's oldest enabled integration of the platform. " +
    "The organization's hourly webhook quota for the platform counts alerts, as on the signed route: a payload of N valid alerts consumes N units, and one that does not fit in what remains is refused whole with 429 `RATE_LIMITED`. " +
    'As on the signed route, each alert is judged alone: the valid ones are queued and the refused ones listed in `data.rejected`; 400 `INVALID_PAYLOAD` (with `details.rejected`) only when none is valid.',
} as const;
