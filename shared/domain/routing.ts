// Kept free of Node built-ins and I/O: the outbox relay and the API's tester share it.
import type { GroupingSettings } from './alert-grouping.ts';
import { DEFAULT_URGENCY, type Urgency } from './escalation.ts';
import { BudgetExceededError, type ComputeBudget } from './compute-budget.ts';
import { createMatchMeter, type MatchMeter } from './match-meter.ts';
import type { Priority } from './priority.ts';
import {
  compileMatchers,
  MATCH_LIMITS,
  matchesAll,
  matchSubject,
  parseMatcherTexts,
  type CompiledMatcher,
  type Matcher,
} from './matchers.ts';

export { DEFAULT_URGENCY, URGENCIES, type Urgency } from './escalation.ts';

/** Most routing rules one organization keeps: every new incident is matched against each in turn. */
export const MAX_ROUTING_RULES = 200;

/** A stored rule as routing reads it; rules come in evaluation order (position, then age). */
export interface RoutingRuleDefinition {
  id: string;
  matchers: readonly Matcher[];
  policyId: string;
  urgency: Urgency;
  enabled: boolean;
  /** How the alerts it routes gather into incidents; absent or null: the integration's grouping. */
  grouping?: GroupingSettings | null;
  /** The priority of the incidents it routes; absent or null: none. */
  priority?: Priority | null;
  /** The runbook started when an incident it routes opens; absent or null: none. */
  remediation?: Remediation | null;
}

/** A runbook a routing rule starts on the incidents it routes. */
export interface Remediation {
  procedureId: string;
  /** Steps that change systems run without waiting for a person's approval. */
  autoApprove: boolean;
  /** The run's success resolves the incident (which stops its paging). */
  resolves: boolean;
}

/** What routing sees of the alert that opened an incident. */
export interface RoutedAlert {
  labels: Readonly<Record<string, string>>;
  severity: string;
  platform: string;
  integrationId: string;
}

/** The choice recorded on the incident: the rule that matched (null when none did), the policy, the urgency. */
export interface RoutingDecision {
  ruleId: string | null;
  policyId: string | null;
  urgency: Urgency;
  /** Set when matching spent its budget before a rule matched: why the fallback was used. */
  cutOff?: string;
  /** The matching rule's grouping, when it has one. */
  grouping?: GroupingSettings | null;
  /** The matching rule's priority, when it has one. */
  priority?: Priority | null;
  /** The matching rule's runbook, when it names one. */
  remediation?: Remediation | null;
}

export interface Router {
  /**
   * The first enabled rule whose matchers all hold picks the policy and urgency; else the
   * integration's policy, else its owning team's default, else the organization's default, at
   * `high` urgency. Matching spends
   * `budget` (by default MATCH_LIMITS for this alert, less once the organization has used its
   * matching time: `meter`); past it the fallback applies, with `cutOff`.
   */
  route(
    alert: RoutedAlert,
    fallback: { integrationPolicyId: string | null; teamPolicyId?: string | null; defaultPolicyId: string | null },
    budget?: ComputeBudget,
  ): RoutingDecision;
  readonly size: number;
}

/**
 * The matchers of a routing rule, from one list (`{a="b", c=~"d"}`) or several texts. Unlike a
 * silence, a rule may match every alert (`severity=~".*"`): a catch-all last rule is a common
 * setup. Throws MatcherError.
 */
export function routingRuleMatchers(input: string | readonly string[]): Matcher[] {
  const matchers = parseMatcherTexts(input);
  compileMatchers(matchers);
  return matchers;
}

/** An organization's rules compiled once (regexes included), to route each new incident in memory. */
export function buildRouter(rules: readonly RoutingRuleDefinition[], meter: MatchMeter = createMatchMeter(MATCH_LIMITS)): Router {
  const compiled: Array<{
    id: string;
    matchers: CompiledMatcher[];
    policyId: string;
    urgency: Urgency;
    grouping: GroupingSettings | null;
    priority: Priority | null;
    remediation: Remediation | null;
  }> = [];
  for (const rule of rules) {
    if (!rule.enabled) continue;
    // A stored rule was validated on write; one that no longer compiles routes nothing rather than everything.
    try {
      compiled.push({
        id: rule.id,
        matchers: compileMatchers(rule.matchers),
        policyId: rule.policyId,
        urgency: rule.urgency,
        grouping: rule.grouping ?? null,
        priority: rule.priority ?? null,
        remediation: rule.remediation ?? null,
      });
    } catch {
      continue;
    }
  }
  return {
    size: compiled.length,
    route(alert, fallback, budget) {
      const fallbackDecision = {
        ruleId: null,
        policyId: fallback.integrationPolicyId ?? fallback.teamPolicyId ?? fallback.defaultPolicyId,
        urgency: DEFAULT_URGENCY,
      };
      const decide = (spending: ComputeBudget): RoutingDecision => {
        const subject = matchSubject(alert);
        try {
          for (const rule of compiled) {
            if (matchesAll(rule.matchers, subject, spending))
              return {
                ruleId: rule.id,
                policyId: rule.policyId,
                urgency: rule.urgency,
                ...(rule.grouping ? { grouping: rule.grouping } : {}),
                ...(rule.priority ? { priority: rule.priority } : {}),
                ...(rule.remediation ? { remediation: rule.remediation } : {}),
              };
          }
        } catch (error) {
          if (!(error instanceof BudgetExceededError)) throw error;
          return { ...fallbackDecision, cutOff: error.message };
        }
        return fallbackDecision;
      };
      if (compiled.length === 0) return fallbackDecision;
      return budget ? decide(budget) : meter.run('matching this alert against the routing rules', decide);
    },
  };
}
