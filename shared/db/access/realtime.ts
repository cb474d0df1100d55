import type { EntityManager } from '@mikro-orm/postgresql';
import { REALTIME_CHANNEL } from '../../domain/realtime.ts';

/** Sends a serialized realtime notice to every API process listening on the realtime channel (at most 8000 bytes). */
export async function publishRealtimeNotice(em: EntityManager, payload: string): Promise<void> {
  await em.execute('select pg_notify(?, ?)', [REALTIME_CHANNEL, payload]);
}
