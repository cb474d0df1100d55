// Kept free of Node built-ins and I/O.
import { compileMatchers, matchesEmptyLabels, MatcherError, parseMatchers, type Matcher } from './matchers.ts';

export const SILENCE_STATES = ['pending', 'active', 'expired'] as const;
export type SilenceState = (typeof SILENCE_STATES)[number];

/** Where a silence stands at `now`: it mutes from `startsAt` (inclusive) to `endsAt` (exclusive). */
export function silenceState(silence: { startsAt: Date; endsAt: Date }, now: Date): SilenceState {
  if (now.getTime() >= silence.endsAt.getTime()) return 'expired';
  return now.getTime() < silence.startsAt.getTime() ? 'pending' : 'active';
}

/**
 * The matchers of a silence, from one list (`{a="b", c=~"d"}`) or several texts (each one or more
 * matchers, as `amtool silence add` takes them): parsed, regexes compiled, and refused when the
 * list would also select alerts that lack every label it names (Alertmanager's rule: such a
 * silence mutes nearly everything). Throws MatcherError.
 */
export function silenceMatchers(input: string | readonly string[]): Matcher[] {
  const texts = typeof input === 'string' ? [input] : input;
  const matchers = texts.flatMap((text) => parseMatchers(text));
  if (matchers.length === 0) throw new MatcherError('at least one matcher is required');
  if (matchesEmptyLabels(compileMatchers(matchers)))
    throw new MatcherError('at least one matcher must not match the empty string: this silence would mute nearly every alert');
  return matchers;
}
