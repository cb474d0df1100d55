import { proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import { escalationActivityOptions } from './activity-options.ts';

const { pageResponder } = proxyActivities<Activities>(escalationActivityOptions);

export interface ResponderPageInput {
  organizationId: string;
  incidentId: string;
  responderId: string;
  publicUrl: string;
}

/**
 * Pages one responder (keyed `responder-page:<responder>`, started by the outbox relay from the
 * request's event): the pages due at once, then each later batch of their notification rules after
 * its delay, until they accept or decline or the incident resolves.
 */
export async function responderPageWorkflow(input: ResponderPageInput): Promise<{ sent: number; failed: number }> {
  const startedAt = Date.now();
  const base = { organizationId: input.organizationId, responderId: input.responderId, publicUrl: input.publicUrl };
  const first = await pageResponder(base);
  let sent = first.sent;
  let failed = first.failed;
  if (!first.waiting) return { sent, failed };
  for (const batch of first.later) {
    const wait = startedAt + batch.delayMs - Date.now();
    if (wait > 0) await sleep(wait);
    const result = await pageResponder({ ...base, pages: batch.pages });
    sent += result.sent;
    failed += result.failed;
    if (!result.waiting) break;
  }
  return { sent, failed };
}
