// What the OpenAPI document says of each analytics operation, by operationId (api/routes/analytics.routes.ts).

export const analyticsDocs = {
  getAnalytics:
    'Incidents created in `[from, to)` give `incidents_created` and the means: MTTA (creation to the first status change out of `active` or the first assignment), MTTM (to `mitigated`), MTTR (to `resolved`) with its p50 and p90, each over the incidents that reached the state before `to`, `null` when none did. ' +
    '`incidents_resolved` counts resolutions in the range whenever the incident was created; `open_at_end` the incidents not resolved at the end of the range (per bucket: at the end of the bucket). ' +
    "Incidents group and filter by their current severity, source, integration, assignee and status; alerts by their own severity, platform and integration, and by their incident's assignee and status. " +
    "`series` buckets (day, week from Monday, month) start at local midnight in the organization's `timezone` setting. The range spans at most 731 days.",
} as const;
