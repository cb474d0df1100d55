import { z } from 'zod';
import { PLATFORMS, SEVERITIES } from '../../shared/domain/alert.ts';
import { PRIORITIES } from '../../shared/domain/priority.ts';
import { MAX_ROUTING_RULES, routingRuleMatchers, URGENCIES } from '../../shared/domain/routing.ts';
import { list, nonBlankText, PaginationQuery, requireAnyOf, single, timestamp } from './common.ts';
import { ownerTeamId, teamIdFilter } from './team.schemas.ts';
import { ackTimeoutMinutes } from './escalation.schemas.ts';
import { GroupingSettingsSchema } from './grouping.schemas.ts';
import { matchersInput } from './matchers.schemas.ts';

const RoutingMatchersInput = matchersInput(
  routingRuleMatchers,
  'Alertmanager matchers: one list (`{service="db", env=~"prod|staging"}`) or an array of matcher texts (`["service=db", "severity=critical"]`). Operators `=`, `!=`, `=~`, `!~`; a regex (RE2 syntax, linear time) must match the whole value and may keep at most 256 positions alive at once (e.g. no `.{1000}` after `.*`), since each is paid for every character of a label; a label the alert lacks is the empty string. Matched over the labels of the alert that opens the incident plus `severity`, `platform` and `integration` (the integration\'s id), which take precedence over labels of those names. A list that matches every alert (`severity=~".*"`) is allowed: a catch-all last rule.',
);

const urgency = z.enum(URGENCIES).describe('`high`: pages at once through every contact method; `low`: pages by email only');
const position = z
  .number()
  .int()
  .min(0)
  .describe(
    'Where the rule goes in the evaluation order, from 0; past the end (or omitted on creation) puts it last. The other rules move to make room.',
  );
const ruleAckTimeout = ackTimeoutMinutes.describe(
  "Overrides the escalation policy's acknowledgement timeout for the incidents this rule routes: minutes an incident may stay acknowledged (`investigating`) before it pages again from level 1; null (the default): the policy's",
);
const grouping = GroupingSettingsSchema.nullable().describe(
  "Alert grouping of the alerts this rule routes (Alertmanager's route `group_by`, `group_wait`, `group_interval`): wins over the integration's; null: the integration's grouping",
);
const priority = z
  .enum(PRIORITIES)
  .nullable()
  .describe('The priority (P1 most pressing) given to the incidents this rule routes, unless one was set by hand first; null: none');
const RunbookSchema = z
  .object({
    procedure_id: z.uuid().describe("The procedure (runbook) to start; one of the organization's procedures (422 otherwise)"),
    auto_approve: z
      .boolean()
      .default(false)
      .describe(
        'false (the default): each step that changes systems (an http step other than GET or HEAD) waits for a person to approve it (PATCH /executions/{id}); true: they run at once',
      ),
    resolve_incident: z
      .boolean()
      .default(true)
      .describe("Whether the runbook's success resolves the incident, which stops its paging (default true)"),
  })
  .strict()
  .meta({ id: 'RoutingRuleRunbook' });
const runbook = RunbookSchema.nullable().describe(
  'A runbook started once when an incident this rule routes opens (never twice for one incident); its run is on the incident timeline. Null: none',
);

const policyId = z
  .uuid()
  .describe("The escalation policy the rule's incidents page through; one of the organization's policies (422 otherwise)");

export const CreateRoutingRuleBody = z
  .object({
    name: nonBlankText().max(200),
    matchers: RoutingMatchersInput,
    escalation_policy_id: policyId,
    urgency: urgency.default('high'),
    enabled: z.boolean().default(true).describe('A disabled rule is skipped'),
    ack_timeout_minutes: ruleAckTimeout.default(null),
    position: position.optional(),
    grouping: grouping.default(null),
    team_id: ownerTeamId.default(null),
    priority: priority.default(null),
    runbook: runbook.default(null),
  })
  .strict();

export const UpdateRoutingRuleBody = requireAnyOf(
  z
    .object({
      name: nonBlankText().max(200).optional(),
      matchers: RoutingMatchersInput.optional(),
      escalation_policy_id: policyId.optional(),
      urgency: urgency.optional(),
      enabled: z.boolean().optional(),
      ack_timeout_minutes: ruleAckTimeout.optional(),
      position: position.optional(),
      grouping: grouping.optional(),
      team_id: ownerTeamId.optional(),
      priority: priority.optional(),
      runbook: runbook.optional(),
    })
    .strict(),
);

export const RoutingRuleListQuery = PaginationQuery.extend({ team_id: teamIdFilter });

export const ReorderRoutingRulesBody = z
  .object({
    rule_ids: z
      .array(z.uuid())
      .max(MAX_ROUTING_RULES)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'each rule may appear once' })
      .describe('Every rule of the organization, each once, in the new evaluation order (422 when one is missing or unknown)'),
  })
  .strict();

export const TestRoutingBody = z
  .object({
    labels: z
      .record(z.string().max(1000), z.string().max(100_000))
      .refine((labels) => Object.keys(labels).length <= 100, { message: 'at most 100 labels' })
      .default({})
      .describe(
        "The alert's labels (at most 100; a value up to 100,000 characters). Each value is cut to its first 1,024 characters, as ingestion stores it, and matching has the same per-alert budget as in the worker: past it the answer is a 422 saying so",
      ),
    severity: z.enum(SEVERITIES).describe("The alert's normalized severity"),
    platform: z
      .enum(PLATFORMS)
      .optional()
      .describe("The sending platform; defaults to the integration's platform, else matches as the empty string"),
    integration_id: z
      .uuid()
      .optional()
      .describe(
        "The integration the alert would arrive through (404 when not one of the organization's): its id is the `integration` matcher's subject and its policy the fallback",
      ),
  })
  .strict();

export const RoutingRuleSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    matchers: z.array(z.string()).describe('Each matcher in canonical form (`name="value"`), ready to send back'),
    matchers_text: z.string().describe('The whole list in braces'),
    escalation_policy_id: z.uuid(),
    urgency: z.enum(URGENCIES),
    enabled: z.boolean(),
    ack_timeout_minutes: z.number().nullable().describe("Overrides the policy's acknowledgement timeout, in minutes; null: the policy's"),
    position: z.number().int().describe('Evaluation order, from 0: the first enabled rule that matches wins'),
    grouping,
    team_id: z
      .uuid()
      .nullable()
      .describe("The owning team; null: the organization's. Ownership only: every enabled rule is evaluated for every alert, in order"),
    priority,
    runbook: z
      .object({ procedure_id: z.uuid(), auto_approve: z.boolean(), resolve_incident: z.boolean() })
      .nullable()
      .describe('The runbook started when an incident this rule routes opens; null: none (also once its procedure is deleted)'),
    created_by: z.uuid().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'RoutingRule' });
export type RoutingRuleView = z.output<typeof RoutingRuleSchema>;

export const RoutingTestSchema = z
  .object({
    rule: RoutingRuleSchema.nullable().describe('The first enabled rule that matches; null when none does'),
    escalation_policy_id: z
      .uuid()
      .nullable()
      .describe(
        "The policy an incident opened by this alert would page through: the rule's, else the integration's, else its owning team's default, else the organization's default; null when none applies (nothing would page)",
      ),
    source: z
      .enum(['rule', 'integration', 'team', 'default', 'none'])
      .describe(
        "Where the policy comes from: a rule, the integration's policy, its owning team's default policy, the organization's default, or none",
      ),
    urgency: z.enum(URGENCIES).describe("The rule's urgency; `high` when no rule matches"),
    priority: z.enum(PRIORITIES).nullable().describe("The rule's priority; null when it has none or no rule matches"),
  })
  .meta({ id: 'RoutingTest' });
export type RoutingTestView = z.output<typeof RoutingTestSchema>;

export const RoutingRuleResponse = single(RoutingRuleSchema);
export const RoutingRuleListResponse = list(RoutingRuleSchema);
export const RoutingTestResponse = single(RoutingTestSchema);
