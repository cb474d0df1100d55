// Kept free of Node built-ins and I/O.

/** The roles every organization has, as incident.io and PagerDuty name them; custom roles add to these. */
export const BUILT_IN_INCIDENT_ROLES = [
  {
    key: 'incident_commander',
    name: 'Incident commander',
    description: 'Leads the response: decides, delegates and keeps everyone on the same page',
  },
  {
    key: 'communications_lead',
    name: 'Communications lead',
    description: 'Keeps stakeholders and customers informed: status updates and the status page',
  },
  { key: 'scribe', name: 'Scribe', description: 'Records what happens and what is decided, for the timeline and the postmortem' },
] as const;

export type BuiltInRoleKey = (typeof BUILT_IN_INCIDENT_ROLES)[number]['key'];

/** A role key: lower-case letters, digits and underscores, starting with a letter (it appears in URLs). */
export const ROLE_KEY_PATTERN = /^[a-z][a-z0-9_]{1,49}$/;

/** Most custom roles one organization keeps. */
export const MAX_CUSTOM_INCIDENT_ROLES = 50;

export function isBuiltInRole(key: string): key is BuiltInRoleKey {
  return BUILT_IN_INCIDENT_ROLES.some((role) => role.key === key);
}

/** What assigning a role to a person changes, given who holds it now. */
export function roleAssignmentChange(
  currentHolder: string | null,
  userId: string,
): { kind: 'unchanged' } | { kind: 'assigned' } | { kind: 'reassigned'; from: string } {
  if (currentHolder === userId) return { kind: 'unchanged' };
  return currentHolder === null ? { kind: 'assigned' } : { kind: 'reassigned', from: currentHolder };
}
