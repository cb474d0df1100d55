/**
 * `node bench/regex-slow-path.bench.ts`: what one regex matcher costs per character of a label
 * value on RE2JS's slow path, where the DFA's states never repeat (`.*a.{n}` over random a/b text
 * keeps every one of the n positions alive) and RE2JS falls back to walking each live thread.
 * Prints µs per character against the regex's width (shared/domain/regex-width.ts) and ns per
 * budget step, the unit matchers are priced in; then what one alert can cost now: the widest
 * allowed regex in 20 silences over the longest kept label value, under MATCH_LIMITS. Pure CPU in
 * this process; no servers.
 */
import { performance } from 'node:perf_hooks';
import { RE2JS } from 're2js';
import { boundLabelValue } from '../shared/domain/alert.ts';
import { computeBudget } from '../shared/domain/compute-budget.ts';
import { MATCH_LIMITS, parseMatchers } from '../shared/domain/matchers.ts';
import { buildMuteRules } from '../shared/domain/mute-rules.ts';
import { regexWidth } from '../shared/domain/regex-width.ts';

let seed = 44;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const text = (length: number) => Array.from({ length }, () => (random() < 0.5 ? 'a' : 'b')).join('');

function measure(regex: string, length: number) {
  const compiled = RE2JS.compile(`^(?:${regex})$`);
  const width = regexWidth((compiled as unknown as { re2Input: { prog: Parameters<typeof regexWidth>[0] } }).re2Input.prog);
  const value = text(length);
  // A fresh compile per run: the worker compiles once per rule set, so a cold DFA is the honest case.
  const runs = length >= 50_000 ? 1 : 3;
  let total = 0;
  for (let run = 0; run < runs; run += 1) {
    const fresh = RE2JS.compile(`^(?:${regex})$`);
    const started = performance.now();
    fresh.test(value);
    total += performance.now() - started;
  }
  const ms = total / runs;
  return {
    regex,
    program: compiled.programSize(),
    width,
    length,
    ms,
    usPerChar: (ms * 1000) / length,
    nsPerStep: (ms * 1e6) / ((length + 1) * width),
  };
}

const cases: Array<[string, number]> = [
  ['.*a.{1000}.{1000}.{1000}.{900}', 100_000],
  ['.*a.{1000}.{1000}.{1000}.{900}', 1024],
  ...[16, 32, 64, 128, 250].flatMap((n): Array<[string, number]> => [
    [`.*a.{${n}}`, 1024],
    [`.*a.{${n}}`, 20_000],
  ]),
  ['(.*a){60}', 1024],
  ['(a|b)*a(a|b){250}', 1024],
  [Array.from({ length: 100 }, (_, index) => `host-${index}\\.example\\.com`).join('|'), 1024],
  ['critical|high', 1024],
  ['.*-db-1:9100', 1024],
];

console.log('| regex | program | width | value length | ms per test | µs per character | ns per step |');
console.log('|---|---|---|---|---|---|---|');
for (const [regex, length] of cases) {
  const row = measure(regex, length);
  const shown = regex.length > 32 ? `${regex.slice(0, 29)}...` : regex;
  console.log(
    `| \`${shown}\` | ${row.program} | ${row.width} | ${row.length.toLocaleString('en')} | ${row.ms.toFixed(2)} | ${row.usPerChar.toFixed(2)} | ${row.nsPerStep.toFixed(1)} |`,
  );
}

// After: the worst one alert can make the mute check do, with every limit at its maximum.
const rules = buildMuteRules({
  silences: Array.from({ length: 20 }, (_, index) => ({
    id: `s-${index}`,
    matchers: parseMatchers(`{payload=~".*a.{250}", n=~"(${index})"}`),
    startsAt: new Date(0),
    endsAt: new Date('2100-01-01T00:00:00Z'),
  })),
  windows: [],
});
const sent = text(100_000);
const alerts = 20;
const times: number[] = [];
let spent = 0;
for (let index = 0; index < alerts; index += 1) {
  const budget = computeBudget('this alert', MATCH_LIMITS);
  const started = performance.now();
  rules.mutedBy(
    {
      labels: { payload: boundLabelValue(sent.slice(index)), n: '19' },
      severity: 'critical',
      platform: 'metrics_alerts',
      integrationId: 'i',
    },
    new Date(),
    budget,
  );
  times.push(performance.now() - started);
  spent = Math.max(spent, budget.spent);
}
times.sort((a, b) => a - b);
console.log(
  `\nOne alert with a 100,000-character label against 20 silences of the widest allowed regex (value cut to 1,024): median ${times[alerts >> 1]!.toFixed(1)} ms, max ${times[alerts - 1]!.toFixed(1)} ms, at most ${spent.toLocaleString('en')} steps (budget ${MATCH_LIMITS.steps.toLocaleString('en')} steps, ${MATCH_LIMITS.ms} ms)`,
);
