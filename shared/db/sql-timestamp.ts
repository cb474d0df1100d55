/** Timestamps as raw SQL returns them: text (the ORM's pool keeps them unparsed), or a Date. */
export type SqlTimestamp = string | Date;

// PostgreSQL's text form in UTC (`2026-12-01 13:56:39.123456+00`) and its json form (`…T…+00:00`).
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(?:Z|\+00(?::00)?)$/;

/**
 * The timestamp as `Date#toISOString` writes it (UTC, milliseconds, `Z`). A UTC text, which is how
 * sessions in UTC return them, is rewritten without a Date: Date's parser takes that form on its
 * slow path, several times the cost, and lists convert a hundred per page. Anything else goes through Date.
 */
export function isoTimestamp(value: SqlTimestamp): string {
  if (typeof value === 'string') {
    const match = UTC_TEXT.exec(value);
    if (match) return `${match[1]}T${match[2]}.${(match[3] ?? '').slice(0, 3).padEnd(3, '0')}Z`;
  }
  return new Date(value).toISOString();
}

export const isoTimestampOrNull = (value: SqlTimestamp | null): string | null => (value === null ? null : isoTimestamp(value));
