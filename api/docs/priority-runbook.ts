// What the OpenAPI document says of each priority-runbook operation, by operationId (api/routes/priority-runbook.routes.ts).

const STARTS =
  'Started, as workflow `remediation:<incident>`, when an incident opens with the priority (set by hand, by its routing rule or its integration) ' +
  'or is set to it later; at most one automatic run per incident: when the routing rule that routed the incident names a runbook, that one runs instead, ' +
  'and once an automatic run started no other starts. Resolving the incident another way cancels a run still going.';

export const priorityRunbookDocs = {
  listPriorityRunbooks: STARTS,
  getPriorityRunbook: '404 NOT_FOUND when the priority has none.',
  putPriorityRunbook: `${STARTS} Incidents already open keep what they have: setting a runbook starts nothing by itself. 404 NOT_FOUND for a procedure of another organization or none.`,
  deletePriorityRunbook: 'Runs it already started go on. 404 NOT_FOUND when the priority has none.',
} as const;
