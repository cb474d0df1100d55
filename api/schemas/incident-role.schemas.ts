import { z } from 'zod';
import { ROLE_KEY_PATTERN } from '../../shared/domain/incident-roles.ts';
import { nonBlankText, requireAnyOf, single, timestamp } from './common.ts';

const roleKey = z
  .string()
  .regex(ROLE_KEY_PATTERN, 'must be 2–50 lower-case letters, digits or underscores, starting with a letter')
  .describe('The role’s key, as it appears in URLs: `incident_commander`, `communications_lead`, `scribe` (built in) or a custom role’s');

export const IncidentRoleSchema = z
  .object({
    key: roleKey,
    name: z.string(),
    description: z.string().nullable(),
    built_in: z.boolean().describe('Built-in roles (commander, communications lead, scribe) exist in every organization and cannot change'),
    created_at: timestamp().nullable().describe('Null for a built-in role'),
  })
  .meta({ id: 'IncidentRole' });
export type IncidentRoleView = z.output<typeof IncidentRoleSchema>;

export const CreateIncidentRoleBody = z
  .object({
    key: roleKey,
    name: nonBlankText().max(100),
    description: z.string().trim().max(2000).nullish(),
  })
  .strict();

export const UpdateIncidentRoleBody = requireAnyOf(
  z
    .object({
      name: nonBlankText().max(100).optional(),
      description: z.string().trim().max(2000).nullable().optional(),
    })
    .strict(),
);

export const IncidentRoleParams = z.object({ role: roleKey });
export const IncidentRoleAssignmentParams = z.object({ id: z.uuid(), role: roleKey });

export const AssignIncidentRoleBody = z
  .object({
    user_id: z.uuid().describe('The member who takes the role; a member of another organization is 422'),
  })
  .strict();

export const IncidentRoleAssignmentSchema = z
  .object({
    role_key: z.string(),
    role_name: z.string().describe('The role’s name (its key, for a custom role since deleted)'),
    user_id: z.uuid(),
    user_name: z.string().nullable(),
    assigned_by: z.uuid().nullable().describe('Who assigned it (null: that member has since left)'),
    assigned_at: timestamp(),
  })
  .meta({ id: 'IncidentRoleAssignment' });
export type IncidentRoleAssignmentView = z.output<typeof IncidentRoleAssignmentSchema>;

export const AssignIncidentRoleResultSchema = IncidentRoleAssignmentSchema.extend({
  paged: z
    .boolean()
    .describe(
      'Whether the holder is paged now: asked as a responder and paged through their notification rules (high urgency) until they accept. ' +
        'False when they assigned themselves, already held the role, or were asked to respond on this incident before',
    ),
}).meta({ id: 'AssignIncidentRoleResult' });
export type AssignIncidentRoleResult = z.output<typeof AssignIncidentRoleResultSchema>;

export const IncidentRoleResponse = single(IncidentRoleSchema);
export const IncidentRoleListResponse = single(z.array(IncidentRoleSchema));
export const AssignIncidentRoleResponse = single(AssignIncidentRoleResultSchema);
export const IncidentRoleAssignmentListResponse = single(z.array(IncidentRoleAssignmentSchema));
