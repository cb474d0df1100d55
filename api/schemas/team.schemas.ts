import { z } from 'zod';
import { MAX_TEAM_MEMBERS, TEAM_ROLES } from '../../shared/domain/teams.ts';
import { list, nonBlankText, PaginationQuery, requireAnyOf, single, timestamp } from './common.ts';

/** `team_id` on what a team can own (integrations, routing rules, schedules, escalation policies). */
export const ownerTeamId = z
  .uuid()
  .nullable()
  .describe("The owning team (a team of the organization; 422 otherwise); null: the organization's, no team");

/** `?team_id=` on the list routes of what a team can own. */
export const teamIdFilter = z.uuid().optional().describe('Only those owned by this team');

const role = z.enum(TEAM_ROLES).describe('`member` or `manager`; both are paged alike when the team is');

const defaultPolicyId = z
  .uuid()
  .nullable()
  .describe(
    "What the team's integrations page when their routing chooses no policy (no rule matched and the integration names none), before the organization's default; null for none",
  );

export const CreateTeamBody = z
  .object({
    name: nonBlankText().max(200).describe('Unique within the organization, ignoring case (409 otherwise)'),
    description: z.string().max(2000).nullish(),
    default_escalation_policy_id: defaultPolicyId.default(null),
    members: z
      .array(z.object({ user_id: z.uuid(), role: role.default('member') }).strict())
      .max(MAX_TEAM_MEMBERS)
      .default([])
      .describe('Members of the organization (422 otherwise), each once'),
  })
  .strict();

export const UpdateTeamBody = requireAnyOf(
  z
    .object({
      name: nonBlankText().max(200).optional(),
      description: z.string().max(2000).nullable().optional(),
      default_escalation_policy_id: defaultPolicyId.optional(),
    })
    .strict(),
);

export const AddTeamMemberBody = z
  .object({ user_id: z.uuid().describe('A member of the organization'), role: role.default('member') })
  .strict();

export const TeamMemberParams = z.object({ id: z.uuid(), user_id: z.uuid() });

export const TeamListQuery = PaginationQuery.extend({
  user_id: z.uuid().optional().describe('Only the teams this member belongs to'),
});

export const TeamMemberSchema = z
  .object({
    user_id: z.uuid(),
    name: z.string(),
    email: z.string(),
    role,
    added_at: timestamp(),
  })
  .meta({ id: 'TeamMember' });

export const TeamSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    default_escalation_policy_id: z.uuid().nullable(),
    members: z.array(TeamMemberSchema).describe('In the order they joined'),
    schedule_ids: z
      .array(z.uuid())
      .describe('The schedules the team owns: paging the team pages whoever they have on call, else every member'),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Team' });

export type TeamView = z.output<typeof TeamSchema>;
export type CreateTeamInput = z.output<typeof CreateTeamBody>;
export type UpdateTeamInput = z.output<typeof UpdateTeamBody>;

export const TeamResponse = single(TeamSchema);
export const TeamListResponse = list(TeamSchema);
