import { describe, expect, it } from '@jest/globals';
import {
  adminUrlOf,
  planStack,
  servicesFromConfig,
  temporalKindOf,
  type ServiceAction,
  type ServiceName,
  type StackSpec,
} from '../../dev/stack/plan.ts';

const root = '/data';
const spec = (services: Omit<StackSpec, 'root'>): StackSpec => ({ root, ...services });
const off = { kind: 'off' } as const;

describe('planStack', () => {
  it.each<[string, StackSpec, { actions: ServiceAction[]; waves: ServiceName[][]; stopOrder: ServiceName[] }]>([
    [
      'everything local: one parallel wave, stopped in reverse',
      spec({ postgres: { kind: 'embedded' }, temporal: { kind: 'dev' }, elasticsearch: { kind: 'embedded' } }),
      {
        actions: ['start', 'start', 'start'],
        waves: [['postgres', 'temporal', 'elasticsearch']],
        stopOrder: ['elasticsearch', 'temporal', 'postgres'],
      },
    ],
    [
      'configured servers are used, nothing starts',
      spec({
        postgres: { kind: 'url', url: 'postgres://db/x' },
        temporal: { kind: 'address', address: 'temporal:7233' },
        elasticsearch: { kind: 'url', url: 'http://es:9200' },
      }),
      { actions: ['use', 'use', 'use'], waves: [], stopOrder: [] },
    ],
    [
      'the Temporal server waits for the embedded PostgreSQL it runs on',
      spec({ postgres: { kind: 'embedded' }, temporal: { kind: 'server' }, elasticsearch: off }),
      { actions: ['start', 'start', 'off'], waves: [['postgres'], ['temporal']], stopOrder: ['temporal', 'postgres'] },
    ],
    [
      'the Temporal server on a configured PostgreSQL starts at once, beside Elasticsearch',
      spec({ postgres: { kind: 'url', url: 'postgres://db/x' }, temporal: { kind: 'server' }, elasticsearch: { kind: 'embedded' } }),
      { actions: ['use', 'start', 'start'], waves: [['temporal', 'elasticsearch']], stopOrder: ['elasticsearch', 'temporal'] },
    ],
    [
      'Elasticsearch alone',
      spec({ postgres: off, temporal: off, elasticsearch: { kind: 'embedded' } }),
      { actions: ['off', 'off', 'start'], waves: [['elasticsearch']], stopOrder: ['elasticsearch'] },
    ],
  ])('%s', (_, declared, expected) => {
    const plan = planStack(declared);
    expect({
      actions: (['postgres', 'temporal', 'elasticsearch'] as const).map((name) => plan.services[name].action),
      waves: plan.waves,
      stopOrder: plan.stopOrder,
    }).toEqual(expected);
  });

  it('keeps started services under the root unless one names its own data directory', () => {
    const plan = planStack(
      spec({
        postgres: { kind: 'embedded' },
        temporal: { kind: 'dev', dataDir: '/data' },
        elasticsearch: { kind: 'url', url: 'http://es' },
      }),
    );
    expect([plan.services.postgres.dataDir, plan.services.temporal.dataDir, plan.services.elasticsearch.dataDir]).toEqual([
      '/data/postgres',
      '/data',
      undefined,
    ]);
  });

  it('refuses a Temporal server without a PostgreSQL to run on', () => {
    expect(() => planStack(spec({ postgres: off, temporal: { kind: 'server' }, elasticsearch: off }))).toThrow(/runs on PostgreSQL/);
  });
});

describe('servicesFromConfig', () => {
  const url = 'postgres://u:p@db:5432/tocsin';
  it.each<[string, Parameters<typeof servicesFromConfig>[0], Parameters<typeof servicesFromConfig>[1], string[]]>([
    [
      'nothing configured: embedded PostgreSQL and the dev server, no Elasticsearch',
      {},
      { elasticsearch: false },
      ['embedded', 'dev', 'off'],
    ],
    ['Elasticsearch asked for', {}, { elasticsearch: true }, ['embedded', 'dev', 'embedded']],
    [
      'configured servers win',
      { DATABASE_URL: url, TEMPORAL_ADDRESS: 't:7233', ELASTICSEARCH_URL: 'http://es:9200' },
      { elasticsearch: true },
      ['url', 'address', 'url'],
    ],
    [
      'a configured Elasticsearch is used even when not asked for',
      { ELASTICSEARCH_URL: 'http://es:9200' },
      { elasticsearch: false },
      ['embedded', 'dev', 'url'],
    ],
    [
      'BENCH_TEMPORAL=server starts the Temporal server over a configured address',
      { TEMPORAL_ADDRESS: 't:7233' },
      { elasticsearch: false, temporal: 'server' },
      ['embedded', 'server', 'off'],
    ],
    ['empty values count as unset', { DATABASE_URL: '', TEMPORAL_ADDRESS: '' }, { elasticsearch: false }, ['embedded', 'dev', 'off']],
  ])('%s', (_, configured, wants, kinds) => {
    const services = servicesFromConfig(configured, wants);
    expect([services.postgres.kind, services.temporal.kind, services.elasticsearch.kind]).toEqual(kinds);
  });

  it('passes the configured values through', () => {
    expect(servicesFromConfig({ DATABASE_URL: url, TEMPORAL_ADDRESS: 't:7233' }, { elasticsearch: false })).toMatchObject({
      postgres: { url },
      temporal: { address: 't:7233' },
    });
  });
});

describe('temporalKindOf and adminUrlOf', () => {
  it.each([
    ['server', 'server'],
    ['dev', 'dev'],
    [undefined, 'dev'],
    ['SERVER', 'dev'],
  ])('BENCH_TEMPORAL=%s runs the %s', (value, kind) => {
    expect(temporalKindOf(value)).toBe(kind);
  });

  it('points at the maintenance database, keeping credentials and host', () => {
    expect(adminUrlOf('postgres://u:p%40ss@db:6543/tocsin?sslmode=require')).toBe('postgres://u:p%40ss@db:6543/postgres?sslmode=require');
  });
});
