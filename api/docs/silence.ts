// What the OpenAPI document says of each silence operation, by operationId (api/routes/silence.routes.ts).

const EFFECT =
  'An alert a silence catches while active (received at or after `starts_at`, before `ends_at`) is stored and counted as usual, marked with `silenced_by` (`GET /silences/{id}/alerts`); it opens no incident, adds nothing to an open one but a timeline entry (`alert_silenced`), and notifies no one (no events, webhooks, mails or pushes). A resolved alert still resolves its open incident. Once the silence ends, the next firing alert behaves as usual. Workers apply a change within moments (their cache is invalidated by a database notification).';

export const silenceDocs = {
  listSilences: 'Newest first; `status` keeps those `pending` (not started), `active` or `expired` now.',
  createSilence: `${EFFECT} An organization holds at most 10,000 pending or active silences (409 CONFLICT beyond).`,
  previewSilence:
    'Changes nothing. Open incidents are matched on the labels, severity, source and integration of the alert that opened them; alerts on those of the last 24 hours. Scans the newest 2,000 open incidents and 5,000 alerts, each matched as ingestion matches an alert (label values cut to 1,024 characters, the same per-alert budget); a preview too expensive to evaluate is a 422 saying so.',
  updateSilence:
    'An expired silence cannot change (409 CONFLICT): create a new one. `ends_at` must stay in the future; `DELETE` ends a silence now.',
  expireSilence:
    'Sets `ends_at` to now (a pending silence never starts) and answers the expired silence; expiring an expired one changes nothing. The silence and the alerts it muted are kept.',
  listSilencedAlerts: 'Newest first.',
} as const;
