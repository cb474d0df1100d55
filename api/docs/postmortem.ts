// What the OpenAPI document says of each postmortem operation, by operationId (api/routes/postmortem.routes.ts).

export const postmortemDocs = {
  createPostmortem:
    'The draft is Markdown written from the incident as it stands: summary (severity, priority, service), key times with time to acknowledge and to resolve, roles, who was paged on which channel and who acknowledged, alerts, runbook executions, status updates (internal ones marked), the timeline, and sections for the team to write. It goes on the timeline (`postmortem`). An incident has at most one postmortem: 409 when it has one.',
  updatePostmortem:
    'A status change (`draft`, `in_review`, `published`) goes on the timeline; the first publication sets `published_at` and is recorded in the audit log as `incidents.postmortem_published`.',
  listSimilarIncidents:
    "Found by the hybrid search over the incident's title and description (as the incident analysis finds them), best first, at most 5, each with a link to its postmortem when it has one. With search off or unreachable the list is empty and `meta.search` is `unavailable`. The incident needs no postmortem of its own. Counts against the search rate limit, as `POST /search/query` does.",
  addPostmortemActionItem: 'The owner must be a member of the organization (422 naming `owner_id` otherwise).',
  updatePostmortemActionItem: 'Fields left out keep their value; `null` clears the owner or the due date.',
} as const;
