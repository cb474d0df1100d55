// Kept free of Node built-ins and I/O.
import { PLATFORMS, SEVERITIES } from './alert.ts';
import {
  compileMatchers,
  formatMatchers,
  matchesEmptyLabels,
  MatcherError,
  parseMatcherTexts,
  type CompiledMatcher,
  type Matcher,
} from './matchers.ts';

export const SILENCE_STATES = ['pending', 'active', 'expired'] as const;
export type SilenceState = (typeof SILENCE_STATES)[number];

/** Where a silence stands at `now`: it mutes from `startsAt` (inclusive) to `endsAt` (exclusive). */
export function silenceState(silence: { startsAt: Date; endsAt: Date }, now: Date): SilenceState {
  if (now.getTime() >= silence.endsAt.getTime()) return 'expired';
  return now.getTime() < silence.startsAt.getTime() ? 'pending' : 'active';
}

/**
 * Values a label is probed with to tell whether a matcher holds for any value: every severity and
 * platform (always set on an alert), an integration id, and ordinary label values of other shapes.
 */
const ORDINARY_VALUES = ['x', 'Z', '0', '42', 'web-1:9100', 'Disk full', 'prod', 'api.example.com', '/var/log', 'é', '日本', '_'];
const PROBES: Readonly<Record<string, readonly string[]>> = {
  severity: SEVERITIES,
  platform: PLATFORMS,
  integration: ['0b6c3c1e-59a4-4f3e-9d0c-3f1e2a7b8c9d'],
};
const probesFor = (name: string) => (Object.hasOwn(PROBES, name) ? (PROBES[name] as readonly string[]) : ORDINARY_VALUES);

/**
 * Whether a matcher holds for every value its label can ordinarily take (`severity=~".+"`,
 * `alertname!="Watchdog"`): `!=` on a label of open-ended values always does (it leaves out one).
 */
export function matchesAnyValue(matcher: CompiledMatcher): boolean {
  if (matcher.operator === '!=' && !Object.hasOwn(PROBES, matcher.name)) return true;
  return probesFor(matcher.name).every((value) => matcher.test(value));
}

/**
 * The matchers of a silence, from one list (`{a="b", c=~"d"}`) or several texts (each one or more
 * matchers, as `amtool silence add` takes them): parsed, regexes compiled, and refused when the
 * silence would mute nearly every alert: when the list also selects alerts that lack every label
 * it names (Alertmanager's rule), or when every matcher holds for any ordinary value of its label
 * (`severity=~".+"`, `{env=~".+", alertname!="Watchdog"}`). Throws MatcherError.
 */
export function silenceMatchers(input: string | readonly string[]): Matcher[] {
  const matchers = parseMatcherTexts(input);
  const compiled = compileMatchers(matchers);
  if (matchesEmptyLabels(compiled))
    throw new MatcherError('at least one matcher must not match the empty string: this silence would mute nearly every alert');
  if (compiled.every(matchesAnyValue))
    throw new MatcherError(
      `${formatMatchers(matchers)} matches any value of every label it names, so this silence would mute nearly every alert: add a matcher that selects some alerts only (e.g. alertname="DiskFull")`,
    );
  return matchers;
}
