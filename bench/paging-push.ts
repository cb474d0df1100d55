// Push paging for `npm run bench:ingest` (BENCH_MODE=paging BENCH_PAGING_CHANNEL=push): alert →
// first push accepted by the push server (a local ntfy, test/helpers/fake-ntfy.ts, started here)
// at a fixed rate of new incidents, the owner paged through a verified push contact method at once;
// each incident pushed exactly once or the run fails.
import pg from 'pg';
import type { FakeNtfy } from '../test/helpers/fake-ntfy.ts';
import { assertPagedExactlyOnce, countPages, pageTheOwner, SETTLE_MS, sendAtRate } from './paging.ts';
import { percentile } from './percentile.ts';
import { cpuPerUnit, cpuSnapshot, type KnownPids } from './process-cpu.ts';
import { call } from './production-stack.ts';
import { createWebhook, poll } from './storm.ts';

const PAGING_RATE = Number(process.env.BENCH_PAGING_RATE ?? 30);
const PAGING_SECONDS = Number(process.env.BENCH_PAGING_SECONDS ?? 20);
const TOPIC = 'bench-pager';

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** A push contact method on the fake ntfy, verified with the code it delivered, and a rule paging it at once. */
async function pushTheOwner(baseUrl: string, token: string, ntfy: FakeNtfy): Promise<void> {
  const created = await call<{ data: { id: string } }>(baseUrl, 'POST', '/api/v1/users/me/contact-methods', {
    token,
    body: { type: 'push', topic: TOPIC, server_url: ntfy.url },
    expect: 201,
  });
  const code = /code is (\d{6})/.exec(ntfy.messages.at(-1)?.message ?? '')?.[1];
  if (!code) throw new Error('the fake ntfy received no verification code');
  await call(baseUrl, 'POST', `/api/v1/users/me/contact-methods/${created.data.id}/verify`, { token, body: { code } });
  await call(baseUrl, 'POST', '/api/v1/users/me/notification-rules', {
    token,
    body: { contact_method_id: created.data.id, delay_minutes: 0, urgency: 'any' },
    expect: 201,
  });
}

/** Alert → first push accepted by the ntfy server, at PAGING_RATE new incidents per second. */
export async function alertToPush(baseUrl: string, databaseUrl: string, ntfy: FakeNtfy, pids: KnownPids): Promise<string[]> {
  const acceptedAt = new Map<string, number>();
  ntfy.onAccepted((message) => {
    acceptedAt.set(message.id, Date.now());
  });
  const webhook = await createWebhook(baseUrl, 'pushpaging');
  await pushTheOwner(baseUrl, webhook.token, ntfy);
  await pageTheOwner(baseUrl, webhook, 60);
  const total = PAGING_RATE * PAGING_SECONDS;
  const cpuBefore = await cpuSnapshot(pids);
  const { sentAt, rejected, accepted } = await sendAtRate(webhook, 'pushing', total, PAGING_RATE);
  const summaryOf = (title: string) => /(pushing alert \S+)/.exec(title)?.[1];
  const pushTitles = () => ntfy.messages.filter((message) => message.topic === TOPIC).map((message) => message.title ?? '');
  await poll(
    'the pushes of the paging run',
    async () => (countPages(accepted, pushTitles(), summaryOf).missing.length === 0 ? true : undefined),
    300_000,
  ).catch(() => undefined);
  // From the first alert to the last incident's push: the follow-up still running after it is not counted.
  const cpuAfter = await cpuSnapshot(pids);
  // Every incident pushed exactly once, as the mail mode checks its pages: a late second push fails the run.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  assertPagedExactlyOnce(countPages(accepted, pushTitles(), summaryOf));
  const pushes = ntfy.messages.filter((message) => message.topic === TOPIC && summaryOf(message.title ?? ''));
  const firstAccepted = new Map<string, number>();
  for (const message of pushes) {
    const summary = summaryOf(message.title ?? '') as string;
    const at = acceptedAt.get(message.id);
    if (at !== undefined) firstAccepted.set(summary, Math.min(at, firstAccepted.get(summary) ?? Infinity));
  }
  const latency = [...firstAccepted].map(([summary, at]) => at - (sentAt.get(summary) ?? NaN)).filter(Number.isFinite);
  // Where the time goes: alert → incident row → relayed (its event's batch) → page claimed → accepted by ntfy.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const rows = await db
    .query<{ title: string; opened: Date; claimed: Date; relayed: Date | null }>(
      `select i.title, i.created_at as opened, min(p.created_at) as claimed,
       (select e.dispatched_at from domain_events e where e.incident_id = i.id and e.type = 'incident.created') as relayed
     from incidents i join pages p on p.incident_id = i.id
     where i.organization_id = $1 and p.method = 'push' group by i.id`,
      [webhook.organizationId],
    )
    .finally(() => db.end());
  const toIncident = rows.rows.map((row) => row.opened.getTime() - (sentAt.get(row.title) ?? NaN)).filter(Number.isFinite);
  const toRelayed = rows.rows.map((row) => (row.relayed?.getTime() ?? NaN) - row.opened.getTime()).filter(Number.isFinite);
  const toClaim = rows.rows.map((row) => row.claimed.getTime() - (row.relayed?.getTime() ?? NaN)).filter(Number.isFinite);
  const toAccept = rows.rows.map((row) => (firstAccepted.get(row.title) ?? NaN) - row.claimed.getTime()).filter(Number.isFinite);
  const stage = (values: number[]) => `p50 ${fmt(percentile(values, 50))} ms, p99 ${fmt(percentile(values, 99))} ms`;
  return [
    `push paging: ${total} alerts at ${PAGING_RATE}/s for ${PAGING_SECONDS} s, each opening an incident paged by push through ntfy (${rejected} rejected)`,
    `  alert → push accepted     ${stage(latency)} by the ntfy server (${latency.length} incidents, exactly one push each)`,
    `    alert → incident row     ${stage(toIncident)}`,
    `    incident → relayed       ${stage(toRelayed)}`,
    `    relayed → page claimed   ${stage(toClaim)}`,
    `    page claimed → accepted  ${stage(toAccept)}`,
    `  CPU per new incident      ${cpuPerUnit(cpuBefore, cpuAfter, latency.length)} (until the last push)`,
  ];
}
