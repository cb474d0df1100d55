// What the stack launcher starts, decided from a declaration alone: pure, so every caller's choice
// (configured servers win, BENCH_TEMPORAL=server, Elasticsearch on request) is unit-tested.
import { join } from 'node:path';

export type ServiceName = 'postgres' | 'temporal' | 'elasticsearch';

/**
 * A port is preferred, not promised: a free one is taken when it is busy or absent. A restart after
 * `kill()` reuses the port of the first start and fails when something else took it meanwhile.
 */
export type PostgresSpec =
  | { kind: 'off' }
  | { kind: 'url'; url: string }
  | {
      kind: 'embedded';
      dataDir?: string;
      port?: number;
      /** Install pgvector (a download the first time) before starting; by default the tool cache's copy is used when there. */
      installPgvector?: boolean;
    };

export type TemporalSpec =
  | { kind: 'off' }
  | { kind: 'address'; address: string }
  | { kind: 'dev'; dataDir?: string; port?: number; uiPort?: number | null; namespace?: string; cliPath?: string }
  /** The Temporal server on this stack's PostgreSQL, in databases `<database>` and `<database>_visibility`. */
  | { kind: 'server'; dataDir?: string; port?: number; namespace?: string; database?: string };

export type ElasticsearchSpec =
  { kind: 'off' } | { kind: 'url'; url: string } | { kind: 'embedded'; dataDir?: string; port?: number; heapMb?: number };

export interface StackSpec {
  /** Data of started services goes under it (`<root>/<service>`) unless a service names its own dataDir. */
  root: string;
  postgres: PostgresSpec;
  temporal: TemporalSpec;
  elasticsearch: ElasticsearchSpec;
}

export type ServiceAction = 'start' | 'use' | 'off';

export interface ServicePlan {
  name: ServiceName;
  action: ServiceAction;
  /** Where a started service keeps its data. */
  dataDir?: string;
}

export interface StackPlan {
  services: Record<ServiceName, ServicePlan>;
  /** Services to start, in waves: each wave in parallel, after the previous one is up. */
  waves: ServiceName[][];
  /** Started services, last started first. */
  stopOrder: ServiceName[];
}

const actionOf = (kind: string): ServiceAction => (kind === 'off' ? 'off' : kind === 'url' || kind === 'address' ? 'use' : 'start');

/** Which services start, in which waves, stop in which order; throws on a declaration that cannot run. */
export function planStack(spec: StackSpec): StackPlan {
  const plan = (name: ServiceName, service: { kind: string; dataDir?: string }): ServicePlan => {
    const action = actionOf(service.kind);
    return action === 'start' ? { name, action, dataDir: service.dataDir ?? join(spec.root, name) } : { name, action };
  };
  const services = {
    postgres: plan('postgres', spec.postgres),
    temporal: plan('temporal', spec.temporal),
    elasticsearch: plan('elasticsearch', spec.elasticsearch),
  };
  // The Temporal server keeps its history in PostgreSQL: it needs one, and waits for ours to be up.
  const temporalNeedsPostgres = spec.temporal.kind === 'server';
  if (temporalNeedsPostgres && services.postgres.action === 'off') {
    throw new Error('the Temporal server runs on PostgreSQL: declare postgres as embedded or url');
  }
  const waitsForPostgres = temporalNeedsPostgres && services.postgres.action === 'start';
  const started = (['postgres', 'temporal', 'elasticsearch'] as const).filter((name) => services[name].action === 'start');
  const first = started.filter((name) => !(name === 'temporal' && waitsForPostgres));
  const waves = [first, waitsForPostgres ? ['temporal' as const] : []].filter((wave) => wave.length > 0);
  return { services, waves, stopOrder: waves.flat().reverse() };
}

/** BENCH_TEMPORAL=server: the Temporal server on PostgreSQL; else the CLI's dev server. */
export type TemporalKind = 'dev' | 'server';
export const temporalKindOf = (benchTemporal: string | undefined): TemporalKind => (benchTemporal === 'server' ? 'server' : 'dev');

/**
 * The usual declaration: a configured server wins, the rest starts locally. `temporal: 'server'`
 * starts the Temporal server even when TEMPORAL_ADDRESS is set, since it is what is being measured.
 */
export function servicesFromConfig(
  configured: { DATABASE_URL?: string; TEMPORAL_ADDRESS?: string; ELASTICSEARCH_URL?: string },
  wants: { elasticsearch: boolean; temporal?: TemporalKind },
): Pick<StackSpec, 'postgres' | 'temporal' | 'elasticsearch'> {
  const postgres: PostgresSpec = configured.DATABASE_URL ? { kind: 'url', url: configured.DATABASE_URL } : { kind: 'embedded' };
  const temporal: TemporalSpec =
    wants.temporal === 'server'
      ? { kind: 'server' }
      : configured.TEMPORAL_ADDRESS
        ? { kind: 'address', address: configured.TEMPORAL_ADDRESS }
        : { kind: 'dev' };
  const elasticsearch: ElasticsearchSpec = configured.ELASTICSEARCH_URL
    ? { kind: 'url', url: configured.ELASTICSEARCH_URL }
    : wants.elasticsearch
      ? { kind: 'embedded' }
      : { kind: 'off' };
  return { postgres, temporal, elasticsearch };
}

/** The maintenance database's URL of the server `url` points at: where databases are created and dropped. */
export function adminUrlOf(url: string): string {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}
