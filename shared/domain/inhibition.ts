// Kept free of Node built-ins and I/O: the ingestion activity and the API's checks share it.
import { BudgetExceededError, type ComputeBudget } from './compute-budget.ts';
import { createMatchMeter, type MatchMeter } from './match-meter.ts';
import { compileMatchers, MATCH_LIMITS, matchesAll, matchSubject, type CompiledMatcher, type Matcher } from './matchers.ts';

/** Most inhibition rules one organization keeps: each new alert is matched against each. */
export const MAX_INHIBITION_RULES = 100;
export const MAX_EQUAL_LABELS = 20;

/** A stored rule as ingestion reads it (Alertmanager's inhibit_rules entry). */
export interface InhibitionRuleDefinition {
  id: string;
  sourceMatchers: readonly Matcher[];
  targetMatchers: readonly Matcher[];
  equal: readonly string[];
  enabled: boolean;
}

/** An alert as inhibition sees it: its dedup key (its fingerprint), labels and normalized fields. */
export interface InhibitionAlert {
  key: string;
  labels: Readonly<Record<string, string>>;
  severity: string;
  platform: string;
  integrationId: string;
}

/** Which rule and which firing source alert inhibit a target. */
export interface Inhibition {
  ruleId: string;
  sourceKey: string;
}

export interface ActiveInhibitions {
  /**
   * The first rule (in order) whose target matchers select this alert while a firing source alert,
   * other than itself, matches its source matchers and has the same values of its `equal` labels (a
   * missing label is the empty string). A target that also matches the source matchers is not
   * inhibited by a source that also matches the target matchers (Alertmanager's two-sided rule),
   * so two alerts matching both sides never silence each other. Past the matching budget the alert
   * is not inhibited: a cut-off errs toward telling people.
   */
  inhibitedBy(target: InhibitionAlert): Inhibition | null;
}

export interface Inhibitor {
  readonly size: number;
  /** The rules with these firing alerts as their possible sources. */
  withSources(sources: readonly InhibitionAlert[]): ActiveInhibitions;
}

interface CompiledRule {
  id: string;
  source: CompiledMatcher[];
  target: CompiledMatcher[];
  equal: string[];
}

const equalKey = (subject: Readonly<Record<string, string>>, names: readonly string[]) =>
  JSON.stringify(names.map((name) => (Object.hasOwn(subject, name) ? subject[name] : '')));

/** An organization's enabled rules, compiled once (regexes included). */
export function buildInhibitor(rules: readonly InhibitionRuleDefinition[], meter: MatchMeter = createMatchMeter(MATCH_LIMITS)): Inhibitor {
  const compiled: CompiledRule[] = [];
  for (const rule of rules) {
    if (!rule.enabled) continue;
    // A stored rule was validated on write; one that no longer compiles inhibits nothing.
    try {
      compiled.push({
        id: rule.id,
        source: compileMatchers(rule.sourceMatchers),
        target: compileMatchers(rule.targetMatchers),
        equal: [...rule.equal].sort(),
      });
    } catch {
      continue;
    }
  }
  const guarded = <T>(what: string, fallback: T, evaluate: (budget: ComputeBudget) => T): T =>
    meter.run(what, (budget) => {
      try {
        return evaluate(budget);
      } catch (error) {
        if (error instanceof BudgetExceededError) return fallback;
        throw error;
      }
    });
  return {
    size: compiled.length,
    withSources(sources) {
      // Per rule, its sources by the values of its equal labels (Alertmanager indexes them the same way).
      const bySources = compiled.map((rule) => {
        const index = new Map<string, Array<{ key: string; subject: Record<string, string> }>>();
        if (sources.length === 0) return index;
        for (const source of sources) {
          const subject = matchSubject(source);
          if (!guarded('matching a firing alert against the inhibition rules', false, (budget) => matchesAll(rule.source, subject, budget)))
            continue;
          const key = equalKey(subject, rule.equal);
          const list = index.get(key) ?? [];
          list.push({ key: source.key, subject });
          index.set(key, list);
        }
        return index;
      });
      return {
        inhibitedBy(target) {
          if (compiled.length === 0 || sources.length === 0) return null;
          const subject = matchSubject(target);
          return guarded('matching this alert against the inhibition rules', null, (budget): Inhibition | null => {
            for (const [position, rule] of compiled.entries()) {
              if (!matchesAll(rule.target, subject, budget)) continue;
              const candidates = bySources[position]?.get(equalKey(subject, rule.equal)) ?? [];
              if (candidates.length === 0) continue;
              const twoSided = matchesAll(rule.source, subject, budget);
              for (const source of candidates) {
                if (source.key === target.key) continue;
                if (twoSided && matchesAll(rule.target, source.subject, budget)) continue;
                return { ruleId: rule.id, sourceKey: source.key };
              }
            }
            return null;
          });
        },
      };
    },
  };
}

export const NO_INHIBITIONS: ActiveInhibitions = { inhibitedBy: () => null };
