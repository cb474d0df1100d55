/**
 * A PostgreSQL array literal of these strings, bound to `= any(?::uuid[])` or `= any(?::text[])`.
 * The planner sees a list of known length on an indexed column and looks each value up by index
 * whatever the table's statistics say; a `json_array_elements_text` subquery is guessed at 100 rows
 * and, on a table not analysed yet (a fresh database filling at 100 incidents a second), joined by
 * a sequential scan that grows with the table.
 */
export function sqlArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
