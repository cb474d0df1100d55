/** The kinds of query every scenario of the search fixture is asked in. */
export const QUERY_KINDS_OF_FIXTURE = ['paraphrase', 'error_log', 'keyword', 'mixed'] as const;
