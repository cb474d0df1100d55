import type { PageMessage, PageMessageStore } from '../db/access/page-messages.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { IncidentChange, PageChannel, PageChannelKind } from './channel.ts';
import { channelModule } from './channels.ts';

/**
 * One change of an incident that its sent page messages show (Slack, Matrix: "Acknowledged by
 * Ann"), keyed by the event that made it: the relay starts one update workflow per event.
 */
export interface PageUpdateRequest {
  eventId: string;
  organizationId: string;
  incidentId: string;
  action: IncidentChange['action'];
  /** The status the event left the incident in: a later change supersedes this one. */
  status: string;
  /** An escalation: the batch that paged the next level, whose own messages are new and left alone. */
  paged?: { cycle: number; round: number; level: number };
}

/** How long one message's update may take before it counts as failed (and is tried again later). */
export const PAGE_UPDATE_TIMEOUT_MS = 15_000;

/** The kinds among these channels that update their sent messages in place. */
export function updatableKinds(channels: Map<PageChannelKind, PageChannel>): PageChannelKind[] {
  return [...channels.values()].filter((channel) => typeof channel.update === 'function').map((channel) => channel.kind);
}

/**
 * Updates one sent page message through its channel, with the member's contact method as it is
 * now and the organization's connection opened for this call. Resolves to null when done, else
 * why not; never throws and never outlasts its timeout.
 */
export function createPageMessageUpdater(deps: {
  /** A fresh unit of work per call. */
  pageMessages: () => PageMessageStore;
  channels: Map<PageChannelKind, PageChannel>;
  secretBox?: SecretBox;
  timeoutMs?: number;
}) {
  const open = (sealed: string | null): Record<string, unknown> | null => {
    if (!sealed) return null;
    if (!deps.secretBox) throw new Error('sealed contact methods cannot be opened in this worker');
    return JSON.parse(deps.secretBox.decrypt(sealed)) as Record<string, unknown>;
  };
  const timeoutMs = deps.timeoutMs ?? PAGE_UPDATE_TIMEOUT_MS;

  return async function update(organizationId: string, page: PageMessage, change: IncidentChange): Promise<string | null> {
    const kind = page.method as PageChannelKind;
    const channel = deps.channels.get(kind);
    if (!channel?.update) return `the ${kind} channel does not update its messages here`;
    let timer: NodeJS.Timeout | undefined;
    try {
      const store = deps.pageMessages();
      const target = await store.recipient(organizationId, page.user_id, page.contact_method_id);
      // A member who left, or a removed method: the message stays as it was.
      if (!target || (page.contact_method_id && !target.type)) return null;
      const connectionKind = channelModule(kind)?.connection?.kind;
      const row = connectionKind ? await store.connection(organizationId, connectionKind) : undefined;
      const updating = channel.update(
        page.message_ref,
        { address: page.contact_method_id ? target.address : target.email, secret: open(target.secret_sealed), template: target.template },
        row ? open(row.config_sealed) : null,
        change,
      );
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      });
      await Promise.race([updating, timedOut]);
      return null;
    } catch (error) {
      return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    } finally {
      clearTimeout(timer);
    }
  };
}
