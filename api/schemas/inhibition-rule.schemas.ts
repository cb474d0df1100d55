import { z } from 'zod';
import { MAX_EQUAL_LABELS } from '../../shared/domain/inhibition.ts';
import { routingRuleMatchers } from '../../shared/domain/routing.ts';
import { list, nonBlankText, PaginationQuery, requireAnyOf, single, timestamp } from './common.ts';
import { matchersInput } from './matchers.schemas.ts';

/** A rule's source or target matchers, in the syntax and engine of routing rules. */
const sideMatchers = (side: 'source' | 'target') =>
  matchersInput(
    routingRuleMatchers,
    side === 'source'
      ? 'Alertmanager `source_matchers`: a firing alert they select inhibits the targets. One list (`{severity="critical"}`) or an array of matcher texts; the syntax of silences and routing rules, matched over labels plus `severity`, `platform` and `integration`'
      : 'Alertmanager `target_matchers`: the alerts that may be inhibited. Same syntax as `source_matchers`',
  );

const equal = z
  .array(z.string().min(1).max(200))
  .max(MAX_EQUAL_LABELS)
  .describe('Labels whose values must be equal in source and target for the rule to apply (a label missing from both counts as equal)');

export const CreateInhibitionRuleBody = z
  .object({
    name: nonBlankText().max(200),
    source_matchers: sideMatchers('source'),
    target_matchers: sideMatchers('target'),
    equal: equal.default([]),
    enabled: z.boolean().default(true).describe('A disabled rule inhibits nothing'),
  })
  .strict();

export const UpdateInhibitionRuleBody = requireAnyOf(
  z
    .object({
      name: nonBlankText().max(200).optional(),
      source_matchers: sideMatchers('source').optional(),
      target_matchers: sideMatchers('target').optional(),
      equal: equal.optional(),
      enabled: z.boolean().optional(),
    })
    .strict(),
);

export const InhibitionRuleListQuery = PaginationQuery;

export const InhibitionRuleSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    source_matchers: z.array(z.string()).describe('Each matcher in canonical form (`name="value"`)'),
    target_matchers: z.array(z.string()).describe('Each matcher in canonical form (`name="value"`)'),
    equal: z.array(z.string()),
    enabled: z.boolean(),
    created_by: z.uuid().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'InhibitionRule' });
export type InhibitionRuleView = z.output<typeof InhibitionRuleSchema>;

export const InhibitionRuleResponse = single(InhibitionRuleSchema);
export const InhibitionRuleListResponse = list(InhibitionRuleSchema);
