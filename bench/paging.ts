// Paging for `npm run bench:ingest`: BENCH_MODE=paging, alert → first page accepted by the SMTP
// server (Mailpit) at a fixed rate of new incidents, each paged exactly once or the run fails;
// BENCH_MODE=waiting, how late the next level fires when 10,000 escalations wait at once.
import pg from 'pg';
import type { RunningMailpit } from '../dev/mailpit.ts';
import { createWebhook, poll, send, type Webhook } from './storm.ts';
import { percentile } from './percentile.ts';
import { call } from './production-stack.ts';
import { cpuPerUnit, cpuSnapshot, type KnownPids } from './process-cpu.ts';

const PAGING_RATE = Number(process.env.BENCH_PAGING_RATE ?? 30);
const PAGING_SECONDS = Number(process.env.BENCH_PAGING_SECONDS ?? 20);
const WAITING = Number(process.env.BENCH_WAITING_ESCALATIONS ?? 10_000);
// Level 2 falls due at the rate level 1 was paged: at 100/s the run also measures paging at 100/s;
// a lower rate measures the waiting alone (with BENCH_WAIT_MINUTES past the time it takes to open them).
const WAITING_RATE = Number(process.env.BENCH_WAITING_RATE ?? 100);
// Past the 100 s it takes to open 10,000 at 100/s: every escalation waits before the first level 2 is due.
const WAIT_MINUTES = Number(process.env.BENCH_WAIT_MINUTES ?? 2);

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

// `schedule`: the policy pages whoever a schedule has on call (a weekly rotation with an override
// over now), as most teams' policies do; `user` (default): the owner directly.
const PAGING_TARGET = process.env.BENCH_PAGING_TARGET ?? 'user';

/** A weekly rotation of the owner (the organization's one member), who also holds an override over now. */
async function ownersSchedule(baseUrl: string, webhook: Webhook): Promise<string> {
  const start = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const schedule = await call<{ data: { id: string } }>(baseUrl, 'POST', '/api/v1/schedules', {
    token: webhook.token,
    body: {
      name: 'Primary',
      time_zone: 'Europe/Berlin',
      layers: [{ users: [webhook.userId], rotation: 'weekly', handoff_day: 'monday', start }],
    },
    expect: 201,
  });
  await call(baseUrl, 'POST', `/api/v1/schedules/${schedule.data.id}/overrides`, {
    token: webhook.token,
    body: {
      user_id: webhook.userId,
      start: new Date(Date.now() - 3_600_000).toISOString(),
      end: new Date(Date.now() + 86_400_000).toISOString(),
    },
    expect: 201,
  });
  return schedule.data.id;
}

/**
 * The organization's default policy: the owner at level 1, again at level 2 after `delayMinutes`
 * (directly, or through a schedule with BENCH_PAGING_TARGET=schedule).
 */
export async function pageTheOwner(baseUrl: string, webhook: Webhook, delayMinutes: number): Promise<void> {
  const target =
    PAGING_TARGET === 'schedule' ? { type: 'schedule', id: await ownersSchedule(baseUrl, webhook) } : { type: 'user', id: webhook.userId };
  await call(baseUrl, 'POST', '/api/v1/escalation-policies', {
    token: webhook.token,
    body: {
      name: 'Bench',
      is_default: true,
      levels: [
        { targets: [target], delay_minutes: delayMinutes },
        { targets: [target], delay_minutes: 60 },
      ],
    },
    expect: 201,
  });
}

/**
 * Sends `total` new alerts at `rate` per second; returns when each was sent, by summary, and how
 * long each answer took (a webhook held while Temporal is slow shows there before any 503 does).
 */
export async function sendAtRate(
  webhook: Webhook,
  label: string,
  total: number,
  rate: number,
): Promise<{ sentAt: Map<string, number>; rejected: number; accepted: string[]; answerMs: number[] }> {
  const sentAt = new Map<string, number>();
  const accepted: string[] = [];
  const answerMs: number[] = [];
  const inFlight: Promise<void>[] = [];
  let rejected = 0;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const fingerprint = `${label}${String(i).padStart(6, '0')}`;
    const summary = `${label} alert ${fingerprint}`;
    sentAt.set(summary, Date.now());
    const sending = performance.now();
    inFlight.push(
      send(webhook, fingerprint, summary).then((status) => {
        answerMs.push(performance.now() - sending);
        if (status !== 200) rejected += 1;
        else accepted.push(summary);
      }),
    );
  }
  await Promise.all(inFlight);
  return { sentAt, rejected, accepted, answerMs };
}

/** The alert summary a level-1 page's mail subject carries. */
export const mailedSummaryOf = (subject: string): string | undefined => /Page: (paging alert \S+)/.exec(subject)?.[1];

/**
 * Level 1's pages (their texts, each read by `summaryOf`) against the incidents sent: the summaries
 * paged more than once and those never paged (none of them rejected at the webhook).
 */
export function countPages(
  expected: readonly string[],
  texts: readonly string[],
  summaryOf: (text: string) => string | undefined = mailedSummaryOf,
): { perSummary: Map<string, number>; duplicated: string[]; missing: string[] } {
  const perSummary = new Map<string, number>();
  for (const text of texts) {
    const summary = summaryOf(text);
    if (summary) perSummary.set(summary, (perSummary.get(summary) ?? 0) + 1);
  }
  return {
    perSummary,
    duplicated: [...perSummary].filter(([, count]) => count > 1).map(([summary]) => summary),
    missing: expected.filter((summary) => !perSummary.has(summary)),
  };
}

/** How long the run waits, once every incident has a page, for a late duplicate (a resend) to show. */
export const SETTLE_MS = Number(process.env.BENCH_PAGING_SETTLE_MS ?? 10_000);

/** Fails the run unless every incident sent was paged exactly once. */
export function assertPagedExactlyOnce(counted: { duplicated: string[]; missing: string[] }): void {
  if (counted.duplicated.length === 0 && counted.missing.length === 0) return;
  throw new Error(
    `paging run not exactly once: ${counted.duplicated.length} incident(s) paged more than once (${counted.duplicated.slice(0, 5).join(', ')}), ` +
      `${counted.missing.length} never paged (${counted.missing.slice(0, 5).join(', ')})`,
  );
}

/**
 * Alert → first page accepted by the SMTP server, at PAGING_RATE new incidents per second. Every
 * incident must be paged exactly once at level 1: a duplicate or a missing page fails the run.
 */
async function alertToPage(baseUrl: string, databaseUrl: string, mailpit: RunningMailpit, pids: KnownPids): Promise<string[]> {
  const webhook = await createWebhook(baseUrl, 'paging');
  await pageTheOwner(baseUrl, webhook, 60);
  const total = PAGING_RATE * PAGING_SECONDS;
  const cpuBefore = await cpuSnapshot(pids);
  const { sentAt, rejected, accepted: acceptedSummaries } = await sendAtRate(webhook, 'paging', total, PAGING_RATE);
  const pageSubjects = async () => (await mailpit.list()).filter((message) => message.subject.includes('Page: paging alert'));
  await poll(
    'the pages of the paging run',
    async () => {
      const { missing } = countPages(
        acceptedSummaries,
        (await pageSubjects()).map((message) => message.subject),
      );
      return missing.length === 0 ? true : undefined;
    },
    300_000,
  ).catch(() => undefined);
  // From the first alert to the last incident's page: the follow-up still running after it is not counted.
  const cpuAfter = await cpuSnapshot(pids);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const pages = await pageSubjects();
  const counted = countPages(
    acceptedSummaries,
    pages.map((message) => message.subject),
  );
  assertPagedExactlyOnce(counted);
  const latency = pages
    .map((page) => {
      const summary = mailedSummaryOf(page.subject);
      return page.receivedAt.getTime() - (summary ? (sentAt.get(summary) ?? NaN) : NaN);
    })
    .filter(Number.isFinite);
  // Where the time goes: alert → incident row, incident → page recorded (relay, routing, escalation
  // start, the level's local activity), page recorded → accepted by the SMTP server.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const stages = await db
    .query<{ title: string; opened: Date; paged: Date }>(
      `select i.title, i.created_at as opened, min(p.created_at) as paged
       from incidents i join pages p on p.incident_id = i.id
       where i.organization_id = $1 group by i.id`,
      [webhook.organizationId],
    )
    .catch(async (error: unknown) => {
      await db.end();
      throw error;
    });
  // The relay's part: incident event committed → claimed by a relay batch (dispatched_at is the
  // batch's start), then claimed → first page recorded (escalation start, its first task, the level).
  const relayed = await db
    .query<{ claimed_ms: number; paged_ms: number }>(
      `select extract(epoch from (e.dispatched_at - e.created_at)) * 1000 as claimed_ms,
         extract(epoch from (min(p.created_at) - e.dispatched_at)) * 1000 as paged_ms
       from domain_events e join pages p on p.incident_id = e.incident_id
       where e.organization_id = $1 and e.type = 'incident.created' group by e.id`,
      [webhook.organizationId],
    )
    .finally(() => db.end());
  const accepted = new Map(pages.map((page) => [mailedSummaryOf(page.subject), page.receivedAt.getTime()]));
  const toIncident = stages.rows.map((row) => row.opened.getTime() - (sentAt.get(row.title) ?? NaN)).filter(Number.isFinite);
  const toPageRow = stages.rows.map((row) => row.paged.getTime() - row.opened.getTime());
  const toSmtp = stages.rows.map((row) => (accepted.get(row.title) ?? NaN) - row.paged.getTime()).filter(Number.isFinite);
  const stage = (values: number[]) => `p50 ${fmt(percentile(values, 50))} ms, p99 ${fmt(percentile(values, 99))} ms`;
  return [
    `paging: ${total} alerts at ${PAGING_RATE}/s for ${PAGING_SECONDS} s, each opening an incident paged through SMTP (${rejected} rejected)`,
    `  alert → page accepted     p50 ${fmt(percentile(latency, 50))} ms, p99 ${fmt(percentile(latency, 99))} ms by the SMTP server (${latency.length} pages, exactly one per incident)`,
    `    alert → incident row     ${stage(toIncident)}`,
    `    incident → page recorded ${stage(toPageRow)}`,
    `      incident → relayed     ${stage(relayed.rows.map((row) => Number(row.claimed_ms)))}`,
    `      relayed → page recorded ${stage(relayed.rows.map((row) => Number(row.paged_ms)))}`,
    `    page recorded → accepted ${stage(toSmtp)}`,
    `  CPU per paged incident    ${cpuPerUnit(cpuBefore, cpuAfter, latency.length)} (until the last page)`,
  ];
}

/**
 * WAITING escalations opened at WAITING_RATE per second, each waiting WAIT_MINUTES before level 2: how late level 2
 * is paged after its due time (level 1's page claimed + the delay; the level's delay counts from
 * just before that claim), to the page row claimed for it.
 */
async function waitingEscalations(baseUrl: string, databaseUrl: string): Promise<string[]> {
  const webhook = await createWebhook(baseUrl, 'waiting');
  await pageTheOwner(baseUrl, webhook, WAIT_MINUTES);
  const { rejected, answerMs } = await sendAtRate(webhook, 'waiting', WAITING, WAITING_RATE);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const expected = WAITING - rejected;
    const rows = await poll(
      'level 2 of every waiting escalation',
      async () => {
        const result = await db.query<{ late_ms: number }>(
          `select extract(epoch from (two.created_at - (one.created_at + $2 * interval '1 minute'))) * 1000 as late_ms
           from pages one join pages two on two.incident_id = one.incident_id and two.level = 2 and two.round = 1
           where one.organization_id = $1 and one.level = 1 and one.round = 1`,
          [webhook.organizationId, WAIT_MINUTES],
        );
        return result.rows.length >= expected ? result.rows : undefined;
      },
      WAIT_MINUTES * 60_000 + 300_000,
    );
    const late = rows.map((row) => Number(row.late_ms));
    return [
      `waiting escalations: ${expected} opened at ${WAITING_RATE}/s, each paging level 2 ${WAIT_MINUTES} min after level 1`,
      `  webhook answered p50 ${fmt(percentile(answerMs, 50))} ms, p99 ${fmt(percentile(answerMs, 99))} ms, max ${fmt(Math.max(...answerMs))} ms; ${rejected} refused`,
      `  level 2 after its due time p50 ${fmt(percentile(late, 50))} ms, p99 ${fmt(percentile(late, 99))} ms, max ${fmt(Math.max(...late))} ms`,
    ];
  } finally {
    await db.end();
  }
}

export { alertToPage as paging, waitingEscalations };
