import { randomUUID } from 'node:crypto';
import { ensureRetentionSchedule } from '../../worker/retention-schedule.ts';
import { workflowIds } from '../../shared/temporal/ids.ts';
import type { retentionWorkflow } from '../../workflows/retention.workflow.ts';
import { bearer } from '../helpers/members.ts';
import { describedSchedule } from '../helpers/temporal-schedules.ts';
import { registerOwner, startTestStack, type TestStack } from '../helpers/stack.ts';

/** retention_days: the schedule, and its workflow on a real worker deleting backdated rows per organization. */
describe('retention (integration: real PostgreSQL and Temporal, worker)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('creates the daily schedule once, whoever asks again', async () => {
    const client = stack.temporal.client;
    expect(await ensureRetentionSchedule(client, stack.config.TEMPORAL_TASK_QUEUE)).toBe(true);
    expect(await ensureRetentionSchedule(client, stack.config.TEMPORAL_TASK_QUEUE)).toBe(false);
    const handle = client.schedule.getHandle(workflowIds.retentionSchedule(stack.config.TEMPORAL_TASK_QUEUE));
    // A schedule's description is its scheduler workflow's answer, which a busy server gives late.
    const described = await describedSchedule(handle);
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'retentionWorkflow' });
    await handle.delete();
  });

  it("deletes rows older than each organization's retention_days, and nothing else", async () => {
    const short = await registerOwner(stack.http, 'short-retention');
    const long = await registerOwner(stack.http, 'long-retention');
    await stack.http.patch('/api/v1/organization-settings').set(bearer(short.token)).send({ retention_days: 30 }).expect(200);
    const connection = stack.orm.em.fork().getConnection();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const alert = (org: string, receivedAt: Date) =>
      connection.execute(
        `insert into alerts (id, organization_id, integration_id, platform, dedup_key, title, severity, status, raw, received_at, processed_at)
       values (gen_random_uuid(), ?, gen_random_uuid(), 'apm', 'k', 'old', 'high', 'firing', '{}', ?, now())`,
        [org, receivedAt],
      );
    const log = (org: string, createdAt: Date) =>
      connection.execute(
        `insert into log_entries (id, organization_id, timestamp, level, message, service, created_at) values (gen_random_uuid(), ?, ?, 'info', 'm', 's', ?)`,
        [org, createdAt, createdAt],
      );
    for (const org of [short.organization.id, long.organization.id]) {
      await alert(org, daysAgo(40));
      await alert(org, daysAgo(400));
      await alert(org, daysAgo(1));
      await log(org, daysAgo(40));
      await log(org, daysAgo(1));
    }
    // The audit trail of registering, backdated.
    await connection.execute(`update audit_events set created_at = ? where organization_id in (?, ?)`, [
      daysAgo(40),
      short.organization.id,
      long.organization.id,
    ]);

    await stack.temporal.client.workflow.execute<typeof retentionWorkflow>('retentionWorkflow', {
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      workflowId: `retention-test-${randomUUID()}`,
      args: [],
    });

    const count = async (table: string, org: string) =>
      Number((await connection.execute<Array<{ n: string }>>(`select count(*) as n from ${table} where organization_id = ?`, [org]))[0]?.n);
    // 30 days: only the day-old rows stay; audit events are kept at least the operator's 365 days.
    expect(await count('alerts', short.organization.id)).toBe(1);
    expect(await count('log_entries', short.organization.id)).toBe(1);
    expect(await count('audit_events', short.organization.id)).toBeGreaterThan(0);
    // The default 365 days: only the 400-day-old alert goes.
    expect(await count('alerts', long.organization.id)).toBe(2);
    expect(await count('log_entries', long.organization.id)).toBe(2);
    expect(await count('audit_events', long.organization.id)).toBeGreaterThan(0);
  });

  it("keeps audit events younger than AUDIT_RETENTION_MIN_DAYS whatever the organization's retention_days", async () => {
    const owner = await registerOwner(stack.http, 'erase-the-trail');
    await stack.http.patch('/api/v1/organization-settings').set(bearer(owner.token)).send({ retention_days: 1 }).expect(200);
    const connection = stack.orm.em.fork().getConnection();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const audit = (createdAt: Date, action: string) =>
      connection.execute(
        `insert into audit_events (id, organization_id, event_type, action, method, path, actor_type, request_id, status_code, created_at)
         select gen_random_uuid(), organization_id, event_type, ?, method, path, actor_type, request_id, status_code, ?
         from audit_events where organization_id = ? limit 1`,
        [action, createdAt, owner.organization.id],
      );
    await audit(daysAgo(2), 'test.two_days');
    await audit(daysAgo(364), 'test.almost_a_year');
    await audit(daysAgo(366), 'test.over_a_year');

    await stack.temporal.client.workflow.execute<typeof retentionWorkflow>('retentionWorkflow', {
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      workflowId: `retention-test-${randomUUID()}`,
      args: [],
    });

    const actions = (
      await connection.execute<Array<{ action: string }>>(
        `select action from audit_events where organization_id = ? and action like 'test.%'`,
        [owner.organization.id],
      )
    ).map((row) => row.action);
    expect(actions.sort()).toEqual(['test.almost_a_year', 'test.two_days']);
  });
});
