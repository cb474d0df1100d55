import type { ActivityExecuteInput, ActivityInboundCallsInterceptor } from '@temporalio/worker';
import type { Orm } from '../../shared/db/orm.ts';
import { Registry } from '../../shared/observability/metrics.ts';
import { createWorkerMetrics } from '../../worker/metrics.ts';
import { healthSources, relayStats } from '../helpers/worker-health.ts';

/** Stands in for the one outbox query; the query itself runs against PostgreSQL in the integration test. */
const ormAnswering = (rows: unknown[]) => ({ em: { fork: () => ({ execute: async () => rows }) } }) as unknown as Orm;

const samples = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'));

describe('worker metrics', () => {
  it('writes every check, the worker state, the relay counters and the outbox backlog', async () => {
    const metrics = createWorkerMetrics(new Registry(), { orm: ormAnswering([{ pending: 7, lag: 2.5 }]) });
    metrics.observeHealth(healthSources({ database: async () => false }));
    expect(samples(await metrics.render())).toEqual(
      expect.arrayContaining([
        'tocsin_worker_ready 0',
        'tocsin_worker_check_ok{check="database"} 0',
        'tocsin_worker_check_ok{check="temporal"} 1',
        'tocsin_worker_check_ok{check="worker"} 1',
        'tocsin_worker_check_ok{check="outbox_relay"} 1',
        'tocsin_worker_running 1',
        'tocsin_outbox_relay_last_success_age_seconds 0.2',
        'tocsin_outbox_relay_consecutive_failures 0',
        'tocsin_outbox_relay_batches_total 12',
        'tocsin_outbox_relay_failed_batches_total 3',
        'tocsin_outbox_relay_events_total 40',
        'tocsin_outbox_lag_seconds 2.5',
        'tocsin_outbox_pending_events 7',
      ]),
    );
    expect(await metrics.render()).toContain('# TYPE tocsin_outbox_relay_batches_total counter\n');
  });

  it('writes NaN for the age before the first batch, and a zero lag when nothing waits', async () => {
    const metrics = createWorkerMetrics(new Registry(), { orm: ormAnswering([{ pending: 0, lag: null }]) });
    metrics.observeHealth(healthSources({ relayStats: () => relayStats({ lastSuccessAt: undefined }) }));
    const text = await metrics.render();
    // prom-client writes `Nan`; Prometheus reads NaN in any case.
    expect(text).toMatch(/\ntocsin_outbox_relay_last_success_age_seconds nan\n/i);
    expect(text).toContain('\ntocsin_outbox_lag_seconds 0\n');
  });

  it('counts deliveries and finished executions from the activities they run through', async () => {
    const metrics = createWorkerMetrics(new Registry(), { orm: ormAnswering([]) });
    const run = async (activityType: string, args: unknown[], outcome: () => Promise<unknown>) => {
      const { inbound } = metrics.activityInterceptor({ info: { activityType } } as never) as {
        inbound: Required<ActivityInboundCallsInterceptor>;
      };
      return inbound.execute({ args, headers: {} } as unknown as ActivityExecuteInput, outcome).catch(() => undefined);
    };
    await run('sendWebhook', [{}], async () => ({ status: 'delivered' }));
    await run('sendWebhook', [{}], async () => ({ status: 'skipped' }));
    await run('sendWebhook', [{}], async () => {
      throw new Error('HTTP 502');
    });
    await run('recordDeliveryOutcome', [{ succeeded: false }], async () => ({}));
    await run('recordExecutionProgress', [{ status: 'running' }], async () => undefined);
    await run('recordExecutionProgress', [{ status: 'completed' }], async () => undefined);
    expect(samples(await metrics.render())).toEqual(
      expect.arrayContaining([
        'tocsin_webhook_delivery_attempts_total{outcome="delivered"} 1',
        'tocsin_webhook_delivery_attempts_total{outcome="skipped"} 1',
        'tocsin_webhook_delivery_attempts_total{outcome="failed"} 1',
        'tocsin_webhook_deliveries_total{outcome="failed"} 1',
        'tocsin_executions_total{status="completed"} 1',
      ]),
    );
    expect(await metrics.render()).not.toContain('status="running"');
  });

  it("appends the Temporal SDK's series, and still answers when its endpoint does not", async () => {
    const metrics = createWorkerMetrics(new Registry(), { orm: ormAnswering([]), temporalMetricsUrl: 'http://127.0.0.1:9/metrics' });
    expect(await metrics.render()).toContain('tocsin_webhook_deliveries_total');
  });
});
