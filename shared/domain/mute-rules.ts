// Kept free of Node built-ins and I/O.
import { BudgetExceededError, type ComputeBudget } from './compute-budget.ts';
import { windowMatcher, type WindowSpan } from './maintenance-window.ts';
import { createMatchMeter, type MatchMeter } from './match-meter.ts';
import { compileMatchers, MATCH_LIMITS, matchesAll, matchSubject, type CompiledMatcher, type Matcher } from './matchers.ts';
import { buildSilenceIndex } from './silence-index.ts';

/** `inhibition`: an inhibition rule (its id) while a source alert fired (shared/domain/inhibition.ts). */
export type MuteKind = 'silence' | 'maintenance_window' | 'inhibition';

/** What muted an alert: recorded on it as `silenced_by` / `silenced_kind`. */
export interface Muter {
  kind: MuteKind;
  id: string;
}

export interface MuteAlert {
  labels: Readonly<Record<string, string>>;
  severity: string;
  platform: string;
  integrationId: string;
}

export interface MuteRules {
  /**
   * The first rule muting this alert at `at` (silences before windows, each oldest first), or null.
   * Matching the silences spends `budget` (by default MATCH_LIMITS for this alert, less once the
   * organization has used its matching time: `meter`); past it the remaining silences are skipped,
   * so the alert is not muted by them and pages: a cut-off errs toward telling people.
   */
  mutedBy(alert: MuteAlert, at: Date, budget?: ComputeBudget): Muter | null;
  readonly size: number;
}

/**
 * An organization's silences and maintenance windows, compiled once: each alert is then matched in
 * memory (regexes compiled, silences indexed by a guard matcher, window spans remembered), with no
 * database round trip.
 */
export function buildMuteRules(
  input: {
    silences: ReadonlyArray<{ id: string; matchers: Matcher[]; startsAt: Date; endsAt: Date }>;
    windows: ReadonlyArray<WindowSpan & { id: string; integrationIds: readonly string[] }>;
  },
  meter: MatchMeter = createMatchMeter(MATCH_LIMITS),
): MuteRules {
  const silences: Array<{ id: string; from: number; until: number; matchers: CompiledMatcher[] }> = [];
  for (const silence of input.silences) {
    // A stored silence was validated on write; one that no longer compiles mutes nothing.
    try {
      silences.push({
        id: silence.id,
        from: silence.startsAt.getTime(),
        until: silence.endsAt.getTime(),
        matchers: compileMatchers(silence.matchers),
      });
    } catch {
      continue;
    }
  }
  const index = buildSilenceIndex(silences.map((silence) => silence.matchers));
  const windows: Array<{ id: string; integrations: ReadonlySet<string> | null; contains: (at: Date) => boolean }> = [];
  for (const window of input.windows) {
    try {
      windows.push({
        id: window.id,
        integrations: window.integrationIds.length > 0 ? new Set(window.integrationIds) : null,
        contains: windowMatcher(window),
      });
    } catch {
      continue;
    }
  }
  return {
    size: silences.length + windows.length,
    mutedBy(alert, at, budget) {
      const time = at.getTime();
      const silenced = (spending: ComputeBudget): Muter | null => {
        const subject = matchSubject(alert);
        try {
          // Only the silences whose guard matcher this alert satisfies, in order.
          for (const position of index.candidates(subject)) {
            const silence = silences[position] as (typeof silences)[number];
            if (time < silence.from || time >= silence.until) continue;
            if (matchesAll(silence.matchers, subject, spending)) return { kind: 'silence', id: silence.id };
          }
        } catch (error) {
          if (!(error instanceof BudgetExceededError)) throw error;
        }
        return null;
      };
      if (silences.length > 0) {
        const muter = budget ? silenced(budget) : meter.run('matching this alert against the silences', silenced);
        if (muter) return muter;
      }
      for (const window of windows) {
        if (window.integrations && !window.integrations.has(alert.integrationId)) continue;
        if (window.contains(at)) return { kind: 'maintenance_window', id: window.id };
      }
      return null;
    },
  };
}

export const NO_MUTE_RULES: MuteRules = { size: 0, mutedBy: () => null };
