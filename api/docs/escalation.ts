// What the OpenAPI document says of each escalation operation, by operationId (api/routes/escalation.routes.ts).

export const escalationDocs = {
  createEscalationPolicy:
    'Levels are paged in order: each level pages its targets, then waits `delay_minutes` before the next; after the last level the chain runs again `repeat` times. ' +
    "Targets must be members, schedules or teams of the organization (422 otherwise). A schedule target pages whoever the schedule has on call; a team target whoever the team's schedules have on call, or every member of the team when nobody is. " +
    "`team_id` names the owning team (422 when not of the organization); `GET /escalation-policies?team_id=` lists a team's policies.",
  updateEscalationPolicy: 'Escalations already running keep the policy as it was when their incident opened.',
  deleteEscalationPolicy:
    "Integrations that named it page through the organization's default policy afterwards, and teams that had it as their default have none; running escalations go on. 409 CONFLICT while a routing rule chooses it.",
  escalateIncident:
    'Ends the current wait of the running escalation: pages its next level now (level 1 when a grouped incident is still in its group_wait). 409 CONFLICT when the incident has no running escalation, or when it was reassigned to a person (no level follows).',
  snoozeIncident:
    'PagerDuty semantics: the incident stays acknowledged for `duration` seconds, then goes back to `active` and pages again from level 1 of its escalation policy ' +
    '(or its assignee) in a new cycle, unless it was resolved or mitigated meanwhile, which pages nobody. The snooze replaces the acknowledgement timeout; ' +
    'snoozing again sets a new end; any status change ends the snooze. On the timeline and in the audit log. ' +
    '409 CONFLICT unless the incident is acknowledged (`investigating`); 404 NOT_FOUND for an incident of another organization.',
  reassignIncident:
    'Give exactly one of `user_id` and `escalation_policy_id`. The running escalation ends (`reassigned`) and the incident starts a new escalation cycle: ' +
    'to a person, they become the assignee and are paged at once through their notification rules (PagerDuty semantics; it goes on until they acknowledge by moving the incident out of `active`); ' +
    'to a policy, the incident is unassigned and escalates on that policy from level 1. An acknowledged incident goes back to `active`. ' +
    'It works whether or not an escalation was running (`previous` says where it stood). 404 NOT_FOUND for an incident of another organization; ' +
    '422 VALIDATION_ERROR when the user or policy is not one of the organization; 409 CONFLICT when the incident is resolved (reopen it first); ' +
    '503 when the running escalation did not answer in time (nothing was reassigned).',
} as const;
