import { informativeQuery } from './error-log.ts';
import { classifyQuery, type QueryKind } from './query-kind.ts';

/**
 * The text searched for a person's query and what kind it is: a log pasted into `query` gets the
 * same trimming as one given as `errorLog`, and either makes the query an `error_log`.
 */
export function userQueryText(input: { query?: string; errorLog?: string }): { text: string; queryKind?: QueryKind } {
  const pastedLog = input.query !== undefined && classifyQuery(input.query) === 'error_log';
  const query = pastedLog ? informativeQuery(input.query as string) : input.query;
  const text = [query, input.errorLog ? informativeQuery(input.errorLog) : undefined].filter(Boolean).join('\n');
  return { text, queryKind: pastedLog || (input.errorLog && !input.query) ? 'error_log' : undefined };
}
