import type { EntityManager } from '@mikro-orm/core';
import type { SearchIndexDocumentType } from '../../domain/search.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { runStatement } from './statement.ts';

/**
 * Records that documents of one organization changed, as a `search.document_changed` outbox event:
 * the relay schedules their (re)indexing with the rest of its batch. One statement for any number
 * of ids (a log batch is one event).
 */
export async function recordDocumentChange(
  em: EntityManager,
  organizationId: string,
  type: SearchIndexDocumentType,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await runStatement(
    em,
    `insert into domain_events (id, organization_id, type, incident_id, data, created_at, dispatched_at)
     values (?, ?, 'search.document_changed', null, ?::jsonb, clock_timestamp(), null)`,
    [uuidv7(), organizationId, JSON.stringify({ document: { type, ids } })],
  );
}
