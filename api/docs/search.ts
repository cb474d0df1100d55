// What the OpenAPI document says of each search operation, by operationId (api/routes/search.routes.ts).

export const searchDocs = {
  searchQuery:
    'Give `query` or `error_log` (a pasted log: only its informative lines are used). `semantic` ranks by embedding cosine, ' +
    "`keyword` by BM25 (full text on the embedded backend), `hybrid` (default) adds to the cosine the share of the query's " +
    'terms each document holds, weighed by the kind of query (a pasted log, an identifier, a sentence with one, plain prose); ' +
    'with the default local model it then searches by meaning a second time, from the query moved toward its first few results ' +
    '(pseudo-relevance feedback), gives runbooks and articles a lift for some kinds of query, and keeps a place among the last hits ' +
    'for the best runbook and the best article found when their scores are close. ' +
    'A log pasted into `query` is trimmed like `error_log`. `types` defaults to incidents, procedures and articles. `meta.total` counts the candidates ' +
    'considered before the limit. `log` documents are indexed only when Elasticsearch is configured (otherwise use `GET /logs`). ' +
    "Always limited to the caller's organization; the search rate-limit class applies.",
} as const;
