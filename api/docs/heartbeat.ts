// What the OpenAPI document says of each heartbeat operation, by operationId (api/routes/heartbeat.routes.ts).

const HOW_HEARTBEATS_WORK =
  'A heartbeat (dead man\'s switch) expects a ping at least every `period_seconds`; when none came for period + grace it lapses: an alert of its integration (dedup key `heartbeat-<id>`, label `alertname="HeartbeatMissed"`) opens an incident that pages through the integration\'s routing, and its next ping resolves that incident. ' +
  'The first period counts from creation. Each heartbeat is a durable Temporal timer: nothing is lost across restarts.';

export const heartbeatDocs = {
  listHeartbeats: HOW_HEARTBEATS_WORK,
  createHeartbeat: `${HOW_HEARTBEATS_WORK} The answer carries the ping URL and its secret \`token\`, shown only here (only its hash is stored; rotate to get a new one). 503 when Temporal cannot take the timer (nothing is kept).`,
  updateHeartbeat:
    'A new period or grace counts from the last ping (from now if it was never pinged) and re-arms the timer at once; 503 when Temporal cannot be told (the change is saved: retry).',
  rotateHeartbeatToken: 'A new secret, shown only in this answer; the old ping URL stops working at once.',
  deleteHeartbeat: 'Its timer ends. An incident it opened stays open.',
} as const;
