// Kept free of Node built-ins and I/O: the outbox relay, the API and workflows share it.

/** Incident priorities beside severity: P1 most pressing. Severity says how bad; priority, what to work on first. */
export const PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;
export type Priority = (typeof PRIORITIES)[number];

export function isPriority(value: unknown): value is Priority {
  return typeof value === 'string' && (PRIORITIES as readonly string[]).includes(value);
}
