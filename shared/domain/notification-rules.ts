// Kept free of Node built-ins and I/O: Temporal workflows import this file into their sandbox.
import { PAGE_CHANNEL_KINDS, type PageChannelKind } from '../paging/channel.ts';
import { URGENCIES, type Urgency } from './escalation.ts';

/** How a member can be paged: one contact method type per page channel. */
export const CONTACT_METHOD_TYPES = PAGE_CHANNEL_KINDS;
export type ContactMethodType = PageChannelKind;

/** How urgent a page is (routing's urgency): `high` pages through every matching rule, `low` by email only. */
export const PAGE_URGENCIES = URGENCIES;
export type PageUrgency = Urgency;

/** Which pages a notification rule applies to. */
export const RULE_URGENCIES = ['high', 'low', 'any'] as const;
export type RuleUrgency = (typeof RULE_URGENCIES)[number];

/** The longest a rule may wait after the page: one day. */
export const MAX_RULE_DELAY_MINUTES = 1440;

/** A member's rule as the planner needs it: the rule and the state of the method it names. */
export interface RuleCandidate {
  rule_id: string;
  contact_method_id: string;
  method: ContactMethodType;
  verified: boolean;
  delay_minutes: number;
  urgency: RuleUrgency;
}

/** One page to send to one member: through a rule, or (rule null) to the account email at once. */
export interface PlannedPage {
  userId: string;
  ruleId: string | null;
  contactMethodId: string | null;
  method: ContactMethodType;
  delayMs: number;
}

/**
 * The pages one member gets for a page of this urgency (PagerDuty's model): every rule for this
 * urgency (or `any`) whose method is verified, each at its delay; a low-urgency page goes by email
 * only. A member with no such rule gets the account email at once: nobody targeted is left unpaged.
 */
export function planMemberPages(userId: string, rules: readonly RuleCandidate[], urgency: PageUrgency): PlannedPage[] {
  const chosen = rules
    .filter((rule) => rule.verified)
    .filter((rule) => rule.urgency === 'any' || rule.urgency === urgency)
    .filter((rule) => urgency === 'high' || rule.method === 'email')
    .map((rule) => ({
      userId,
      ruleId: rule.rule_id,
      contactMethodId: rule.contact_method_id,
      method: rule.method,
      delayMs: Math.round(Math.max(0, Math.min(MAX_RULE_DELAY_MINUTES, rule.delay_minutes)) * 60_000),
    }));
  if (chosen.length === 0) return [{ userId, ruleId: null, contactMethodId: null, method: 'email', delayMs: 0 }];
  return chosen.sort((a, b) => a.delayMs - b.delayMs || String(a.ruleId).localeCompare(String(b.ruleId)));
}

/** Pages grouped by delay, soonest first: each group is sent together when its time comes. */
export function pagesByDelay(pages: readonly PlannedPage[]): Array<{ delayMs: number; pages: PlannedPage[] }> {
  const groups = new Map<number, PlannedPage[]>();
  for (const page of pages) groups.set(page.delayMs, [...(groups.get(page.delayMs) ?? []), page]);
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([delayMs, group]) => ({ delayMs, pages: group }));
}
