import { z } from 'zod';
import { ESCALATION_LEVEL_MODES, MAX_ESCALATION_REPEAT, PAGE_METHODS, PAGE_STATUSES, URGENCIES } from '../../shared/domain/escalation.ts';
import {
  MAX_ACK_TIMEOUT_MINUTES,
  MAX_SNOOZE_SECONDS,
  MIN_ACK_TIMEOUT_MINUTES,
  MIN_SNOOZE_SECONDS,
} from '../../shared/domain/acknowledgement.ts';
import { list, nonBlankText, PaginationQuery, requireAnyOf, single, timestamp } from './common.ts';
import { ownerTeamId, teamIdFilter } from './team.schemas.ts';

export const EscalationTargetSchema = z
  .object({
    type: z
      .enum(['user', 'schedule', 'team'])
      .describe(
        "`user`: that member; `schedule`: whoever the schedule has on call when the level is paged; `team`: whoever the team's schedules have on call then, or every member of the team when nobody is",
      ),
    id: z.uuid(),
  })
  .strict()
  .meta({ id: 'EscalationTarget' });

export const EscalationLevelSchema = z
  .object({
    targets: z.array(EscalationTargetSchema).min(1).max(20),
    delay_minutes: z
      .number()
      .min(0.05)
      .max(1440)
      .describe(
        'Minutes to wait after paging this level before paging the next (after the last level: before the next round); fractions allowed. Round-robin: also the wait between one target and the next',
      ),
    mode: z
      .enum(ESCALATION_LEVEL_MODES)
      .default('all')
      .describe(
        '`all` (default): every target is paged at once; `round_robin`: one target at a time in the order given, the next after `delay_minutes`, until someone acknowledges',
      ),
  })
  .strict()
  .meta({ id: 'EscalationLevel' });

const levels = z.array(EscalationLevelSchema).min(1).max(20);
const repeat = z
  .number()
  .int()
  .min(0)
  .max(MAX_ESCALATION_REPEAT)
  .describe('How many more times the whole chain runs when nobody acknowledges');
/** How long an incident may stay acknowledged; shared with routing rules, which override it. */
export const ackTimeoutMinutes = z
  .number()
  .min(MIN_ACK_TIMEOUT_MINUTES)
  .max(MAX_ACK_TIMEOUT_MINUTES)
  .nullable()
  .describe(
    'Acknowledgement timeout: minutes an incident may stay acknowledged (`investigating`) before it goes back to `active` and pages again from level 1, in a new cycle; null (the default) for never; fractions allowed',
  );
const isDefault = z
  .boolean()
  .describe(
    "The organization's default: incidents of integrations that name no policy page through it. Setting it on one policy clears it on the others.",
  );

export const CreateEscalationPolicyBody = z
  .object({
    name: nonBlankText().max(200),
    description: z.string().max(2000).nullish(),
    levels,
    repeat: repeat.default(0),
    ack_timeout_minutes: ackTimeoutMinutes.default(null),
    is_default: isDefault.default(false),
    team_id: ownerTeamId.default(null),
  })
  .strict();

export const UpdateEscalationPolicyBody = requireAnyOf(
  z
    .object({
      name: nonBlankText().max(200).optional(),
      description: z.string().max(2000).nullable().optional(),
      levels: levels.optional(),
      repeat: repeat.optional(),
      ack_timeout_minutes: ackTimeoutMinutes.optional(),
      is_default: isDefault.optional(),
      team_id: ownerTeamId.optional(),
    })
    .strict(),
);

export const EscalationPolicyListQuery = PaginationQuery.extend({ team_id: teamIdFilter });

export const EscalationPolicySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    levels: z.array(EscalationLevelSchema),
    repeat: z.number().int(),
    ack_timeout_minutes: z.number().nullable().describe('Acknowledgement timeout in minutes; null: none'),
    is_default: z.boolean(),
    team_id: z.uuid().nullable().describe("The owning team; null: the organization's"),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'EscalationPolicy' });

export type EscalationPolicyView = z.output<typeof EscalationPolicySchema>;

export const PageSchema = z
  .object({
    id: z.uuid(),
    cycle: z
      .number()
      .int()
      .describe('The escalation cycle that sent it: 1, then one more each time the incident reopened or was reassigned'),
    round: z.number().int().describe('Counts from 1'),
    level: z.number().int().describe('Counts from 1'),
    user_id: z.uuid(),
    method: z.enum(PAGE_METHODS),
    rule_id: z.uuid().nullable().describe("The member's notification rule that sent it; null for the default page (account email at once)"),
    contact_method_id: z.uuid().nullable().describe('The contact method it went to; null for the account email'),
    status: z.enum([...PAGE_STATUSES, 'sending']).describe('`sending` only while the send is under way'),
    error: z.string().nullable(),
    attempts: z
      .number()
      .int()
      .min(1)
      .describe(
        'How many times it was sent: more than 1 when a worker died after claiming it and it went again. For a pager a duplicate is better than a silence, so a page whose send may or may not have happened is sent again (the channel passes the page id as its idempotency key where the vendor takes one)',
      ),
    resent_at: timestamp().nullable().describe('When it was last sent again after a crash; null when it went out once'),
    sent_at: timestamp().nullable().describe('When the channel accepted it; null while sending or when it failed'),
    created_at: timestamp(),
  })
  .describe('One page to one member through one channel')
  .meta({ id: 'Page' });

export const IncidentEscalationSchema = z
  .object({
    policy: EscalationPolicySchema.nullable().describe(
      'The policy the escalation pages through (the one routing chose for the incident); null when the incident has none or it was deleted',
    ),
    urgency: z
      .enum(URGENCIES)
      .nullable()
      .describe(
        'Chosen by routing when the incident opened: `high` pages through every contact method, `low` by email only; null when not routed',
      ),
    routing_rule_id: z.uuid().nullable().describe('The routing rule that chose the policy; null when none matched'),
    cycle: z
      .number()
      .int()
      .describe('The escalation cycle shown: 1, then one more each time the incident reopened or was reassigned (each cycle pages afresh)'),
    running: z.boolean().describe('Whether the escalation is still paging'),
    level: z.number().int().nullable().describe('The level paged last, from 1'),
    round: z.number().int().nullable().describe('The round under way, from 1'),
    next_escalation_at: timestamp().nullable().describe('When the next level is paged, while the escalation waits'),
    ended: z
      .enum(['acknowledged', 'resolved', 'exhausted', 'no_policy', 'reassigned'])
      .nullable()
      .describe(
        'Why the escalation of this cycle ended; `reassigned`: someone reassigned the incident and the next cycle pages the new target',
      ),
    snoozed_until: timestamp()
      .nullable()
      .describe(
        'While the acknowledged incident is snoozed: when it goes back to `active` and pages again from level 1, unless resolved first',
      ),
    pages: z.array(PageSchema),
  })
  .meta({ id: 'IncidentEscalation' });

export type IncidentEscalationView = z.output<typeof IncidentEscalationSchema>;

export const EscalationPolicyResponse = single(EscalationPolicySchema);
export const EscalationPolicyListResponse = list(EscalationPolicySchema);
export const IncidentEscalationResponse = single(IncidentEscalationSchema);

const ESCALATION_TARGET_KEYS = ['user_id', 'escalation_policy_id'] as const;

export const ReassignIncidentBody = z
  .object({
    user_id: z
      .uuid()
      .optional()
      .describe('A member of the organization: they become the assignee and are paged at once through their notification rules'),
    escalation_policy_id: z
      .uuid()
      .optional()
      .describe('A policy of the organization: the incident is unassigned and escalates on it from level 1'),
  })
  .strict()
  .refine((body) => ESCALATION_TARGET_KEYS.filter((key) => body[key] !== undefined).length === 1, {
    message: 'Give exactly one of user_id and escalation_policy_id',
  })
  .meta({ oneOf: ESCALATION_TARGET_KEYS.map((key) => ({ required: [key] })) });

export type ReassignIncidentInput = z.output<typeof ReassignIncidentBody>;

export const SnoozeIncidentBody = z
  .object({
    duration: z
      .number()
      .int()
      .min(MIN_SNOOZE_SECONDS)
      .max(MAX_SNOOZE_SECONDS)
      .describe('How long to snooze, in seconds: from 60 (a minute) to 86400 (a day)'),
  })
  .strict();

export type SnoozeIncidentInput = z.output<typeof SnoozeIncidentBody>;

export const ReassignmentSchema = z
  .object({
    cycle: z.number().int().describe('The escalation cycle that now pages the new target'),
    user_id: z.uuid().nullable().describe('The new assignee, when reassigned to a person'),
    escalation_policy_id: z.uuid().nullable().describe('The new policy, when reassigned to a policy'),
    previous: z
      .object({
        policy_id: z.uuid().nullable(),
        level: z.number().int().nullable().describe('The level it had paged last, from 1'),
        round: z.number().int().nullable(),
      })
      .nullable()
      .describe('Where the escalation stood when the reassignment ended it; null when none was running'),
    escalation: IncidentEscalationSchema,
  })
  .meta({ id: 'Reassignment' });

export type ReassignmentView = z.output<typeof ReassignmentSchema>;
export const ReassignmentResponse = single(ReassignmentSchema);
