import { parseAlertPayload } from '../../../shared/alerts/parsers/index.ts';
import { monitorName } from '../../../shared/alerts/parsers/infra_monitor.ts';
import { loadPayload } from './load-payload.ts';

type Body = Record<string, unknown>;
const fixture = (name: string): Body => loadPayload('infra_monitor', name) as Body;
const without = (body: Body, ...keys: string[]): Body => Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));
const parse = (body: Body) => {
  const [alert] = parseAlertPayload('infra_monitor', body);
  if (!alert) throw new Error('expected one alert');
  return alert;
};
const keyOf = (body: Body) => parse(body).dedupKey;

// Datadog notifications captured by Keep (keephq/keep docs/images/datadog_raw_alerts.txt) and the
// documented full form: a recovery or a renotification comes with a new event `id`.
describe('infra_monitor: trigger and recovery pair by monitor and scope, never by the event id', () => {
  it.each<[string, Body, Body]>([
    [
      'Keep-rendered trigger, then its recovery (new id, [Recovered on …] title)',
      fixture('keep-api-triggered'),
      fixture('keep-api-recovered'),
    ],
    ['Keep-rendered warn, then the same monitor and scope triggered (new id)', fixture('keep-p2-warn'), fixture('keep-p2-triggered')],
    [
      'full form without alert_cycle_key: trigger, then recovery (new id, same alert_id and host)',
      without(fixture('full-triggered'), 'alert_cycle_key'),
      without(fixture('full-recovered'), 'alert_cycle_key'),
    ],
    [
      'full form without monitor id or cycle key: same alert name and host',
      without(fixture('full-triggered'), 'alert_cycle_key', 'alert_id'),
      without(fixture('full-recovered'), 'alert_cycle_key', 'alert_id'),
    ],
    [
      'simplified form: [Triggered] then [Recovered] title of one monitor on one host',
      { id: '1', title: '[Triggered] Disk full', alert_type: 'error', host: 'db-1' },
      { id: '2', title: '[Recovered] Disk full', alert_type: 'success', host: 'db-1' },
    ],
    ['full form with alert_cycle_key: the sender’s key still pairs them', fixture('full-triggered'), fixture('full-recovered')],
  ])('%s', (_name, first, second) => {
    expect(parse(first).externalId).not.toBe(parse(second).externalId);
    expect(keyOf(second)).toBe(keyOf(first));
  });

  it('pairs the real recovery with its trigger: the recovery resolves, under the trigger’s key', () => {
    const trigger = parse(fixture('keep-api-triggered'));
    const recovery = parse(fixture('keep-api-recovered'));
    expect(trigger).toMatchObject({
      status: 'firing',
      severity: 'critical',
      labels: { monitor_id: '160076582', scopes: 'service:keep-api' },
    });
    expect(recovery).toMatchObject({ status: 'resolved', dedupKey: trigger.dedupKey });
  });

  it.each<[string, Body, Body]>([
    ['two monitors on one scope', fixture('keep-api-triggered'), fixture('keep-p2-triggered')],
    ['two monitors on two scopes', fixture('keep-api-triggered'), fixture('keep-database-triggered')],
    ['one monitor, another scope', fixture('keep-api-triggered'), { ...fixture('keep-api-triggered'), scopes: 'service:billing' }],
    [
      'one monitor, another host',
      without(fixture('full-triggered'), 'alert_cycle_key'),
      { ...without(fixture('full-triggered'), 'alert_cycle_key'), host: 'db-replica-02' },
    ],
    [
      'one alert name, another host (no monitor id)',
      { title: '[Triggered] Disk full', alert_type: 'error', host: 'db-1' },
      { title: '[Triggered] Disk full', alert_type: 'error', host: 'db-2' },
    ],
    ['one cycle key against another', fixture('full-triggered'), { ...fixture('full-triggered'), alert_cycle_key: 'another-cycle' }],
  ])('keeps apart %s', (_name, first, second) => {
    expect(keyOf(second)).not.toBe(keyOf(first));
  });

  it('ignores the event id: the same notification under another id has the same key', () => {
    const body = fixture('keep-database-triggered');
    expect(keyOf({ ...body, id: '1' })).toBe(keyOf(body));
  });

  it.each([
    ['[Triggered] Disk full', 'Disk full'],
    ['[Recovered] Disk full', 'Disk full'],
    ['[Triggered on {service:keep-api}] Error monitor', 'Error monitor'],
    ['[Recovered on {database_id:keephq-sandbox:keep}] Something weird in DB', 'Something weird in DB'],
    ['[P2] [Triggered] Unauthorized access to API keep-api', '[P2] Unauthorized access to API keep-api'],
    ['[P2] [Warn] Unauthorized access to API keep-api', '[P2] Unauthorized access to API keep-api'],
    ['[Re-Triggered] [No Data] Heartbeat', 'Heartbeat'],
    ['[P1] Disk usage above 95% on db-primary-01', '[P1] Disk usage above 95% on db-primary-01'],
    ['Alert Triggered: Checkout latency p99 > 2s', 'Alert Triggered: Checkout latency p99 > 2s'],
    ['[Triggered]', '[Triggered]'],
    ['[unclosed Triggered', '[unclosed Triggered'],
  ])('monitorName(%j) is %j', (title, name) => {
    expect(monitorName(title)).toBe(name);
  });

  it('reads a long run of bracketed tags in linear time', () => {
    const title = `${'[Triggered]'.repeat(200_000)} x`;
    const started = performance.now();
    expect(monitorName(title)).toBe('x');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
