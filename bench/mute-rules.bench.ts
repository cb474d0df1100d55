/**
 * `node bench/mute-rules.bench.ts`: the in-memory cost of ingestion's mute check, one alert
 * against 0, 100 and 1,000 active silences (half equality, half anchored regexes with a literal
 * prefix, over labels and severity; none matching) and 10 recurring windows; then 1,000 silences
 * the index cannot file (regexes without a literal prefix), each evaluated for every alert.
 * Pure CPU in this process; no servers.
 */
import { performance } from 'node:perf_hooks';
import { createMatchMeter } from '../shared/domain/match-meter.ts';
import { MATCH_LIMITS } from '../shared/domain/matchers.ts';
import { buildMuteRules } from '../shared/domain/mute-rules.ts';
import { percentile } from './percentile.ts';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 20_000);
const now = Date.now();
const alerts = Array.from({ length: ALERTS }, (_, index) => ({
  labels: { alertname: `Alert${index % 50}`, instance: `host-${index % 200}:9100`, job: 'node', env: index % 2 ? 'prod' : 'staging' },
  severity: 'critical',
  platform: 'metrics_alerts',
  integrationId: '00000000-0000-4000-8000-000000000001',
}));

// One organization's alerts back to back, far faster than a worker ingests them: the
// organization's matching rate (shared/domain/match-meter.ts) is set out of reach, not measured.
const unmetered = { msPerSecond: 1e9, burstMs: 1e9 };

function rulesWith(count: number, unindexed = false) {
  return buildMuteRules(
    {
      silences: Array.from({ length: count }, (_, index) => ({
        id: `s${index}`,
        matchers: unindexed
          ? [
              { name: 'instance', operator: '=~' as const, value: `.*-db-${index}:9100` },
              { name: 'severity', operator: '=~' as const, value: 'low|medium' },
            ]
          : index % 2
            ? [
                { name: 'alertname', operator: '=' as const, value: `Other${index}` },
                { name: 'env', operator: '=' as const, value: 'prod' },
              ]
            : [
                { name: 'instance', operator: '=~' as const, value: `db-${index}-.*:9100` },
                { name: 'severity', operator: '=~' as const, value: 'low|medium' },
              ],
        startsAt: new Date(now - 3_600_000),
        endsAt: new Date(now + 3_600_000),
      })),
      windows: Array.from({ length: 10 }, (_, index) => ({
        id: `w${index}`,
        integrationIds: [],
        startsAt: new Date(Date.UTC(2026, 0, 1, index, 0)),
        endsAt: new Date(Date.UTC(2026, 0, 1, index, 1)),
        rrule: 'FREQ=WEEKLY;BYDAY=SU',
        timeZone: 'Europe/Paris',
      })),
    },
    createMatchMeter(MATCH_LIMITS, unmetered),
  );
}

const rows: string[] = ['| active silences | µs per alert (mean) | p99 µs | alerts/s on one core |', '|---|---|---|---|'];
for (const [count, unindexed] of [
  [0, false],
  [100, false],
  [1000, false],
  [1000, true],
] as const) {
  const rules = rulesWith(count, unindexed);
  const at = new Date(now);
  for (const alert of alerts.slice(0, 1000)) rules.mutedBy(alert, at);
  const times: number[] = [];
  const started = performance.now();
  for (const alert of alerts) {
    const t0 = performance.now();
    if (rules.mutedBy(alert, at)) throw new Error('no rule should match');
    times.push(performance.now() - t0);
  }
  const meanUs = ((performance.now() - started) / alerts.length) * 1000;
  rows.push(
    `| ${count}${unindexed ? ', none indexable' : ''} | ${meanUs.toFixed(2)} | ${(percentile(times, 99) * 1000).toFixed(1)} | ${Math.round(1e6 / meanUs).toLocaleString('en')} |`,
  );
}
console.log(rows.join('\n'));
