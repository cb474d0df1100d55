import { recordIntegrationLiveness } from './access/integrations.ts';
import type { Orm } from './orm.ts';

/**
 * Integration liveness (`integrations.last_alert_at`, `status = 'connected'`), coalesced in the
 * worker: ingestion notes the latest receipt time per integration in memory, and one statement a
 * second writes them all.
 *
 * Why not in the alert's transaction, even conditionally ("only when older than a few seconds"):
 * every alert of an integration, whatever its dedup key, would still run that statement, and the
 * one that matches holds the integration's row lock until its transaction commits, so during a
 * storm the ingestion transactions of one integration queue behind each other on a row nobody
 * reads in that path. Here the alert path does no I/O for it, and the row is locked only for one
 * short autocommit statement a second. The price: liveness is up to a second late, and a worker
 * crash loses the last second of it (the next alert brings it back). Liveness is advisory; nothing
 * depends on it for deduplication or delivery.
 */
export interface IntegrationLiveness {
  /** Notes that alerts of the integration were received up to `at`; written within `intervalMs`. */
  record(organizationId: string, integrationId: string, at: Date): void;
  /** Writes what is noted now (a failed write is kept and retried by the next flush). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left; call it after the worker has stopped. */
  stop(): Promise<void>;
}

export function createIntegrationLiveness(deps: { orm: Orm; intervalMs?: number }): IntegrationLiveness {
  const intervalMs = deps.intervalMs ?? 1000;
  const latest = new Map<string, { organizationId: string; at: number }>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;

  const note = (integrationId: string, organizationId: string, at: number) => {
    const known = latest.get(integrationId);
    if (!known || known.at < at) latest.set(integrationId, { organizationId, at });
  };

  const schedule = () => {
    if (timer || stopped || latest.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      flush().catch(() => schedule());
    }, intervalMs);
    // Liveness never keeps a process alive; stop() writes the rest.
    timer.unref();
  };

  const write = async (rows: Array<[string, { organizationId: string; at: number }]>) => {
    try {
      await recordIntegrationLiveness(
        deps.orm.em.fork(),
        rows.map(([integrationId, { organizationId, at }]) => ({ integrationId, organizationId, at: new Date(at) })),
      );
    } catch (error) {
      for (const [id, { organizationId, at }] of rows) note(id, organizationId, at);
      throw error;
    }
  };

  // One write at a time, so flushes never race each other to the same rows.
  const flush = (): Promise<void> => {
    writing = writing
      .catch(() => undefined)
      .then(() => {
        if (latest.size === 0) return;
        const rows = [...latest];
        latest.clear();
        return write(rows);
      });
    return writing;
  };

  return {
    record(organizationId, integrationId, at) {
      note(integrationId, organizationId, at.getTime());
      schedule();
    },
    flush,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}
