import type { SecretBox } from '../crypto/secret-box.ts';
import type { ChannelConnectionStore } from '../db/access/channel-connections.ts';
import type { ChannelConnection, ChannelDestination, ChannelPage, ChannelSendOutcome, PageChannel, PageChannelKind } from './channel.ts';
import { channelModule } from './channels.ts';

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Sends one message through a channel with the organization's connection opened for this send,
 * bounded by `timeoutMs` even when the channel ignores its signal. Never throws: pages, test pages
 * and verification codes all go this way.
 */
export function createChannelDispatch(deps: {
  channels: Map<PageChannelKind, PageChannel>;
  secretBox?: SecretBox;
  connections: () => Pick<ChannelConnectionStore, 'find'>;
  timeoutMs: number;
}) {
  const open = (sealed: string): Record<string, unknown> => {
    if (!deps.secretBox) throw new Error('sealed connections cannot be opened here');
    return JSON.parse(deps.secretBox.decrypt(sealed)) as Record<string, unknown>;
  };

  return async function dispatch(kind: PageChannelKind, page: ChannelPage, to: ChannelDestination): Promise<ChannelSendOutcome> {
    const channel = deps.channels.get(kind);
    if (!channel) return { ok: false, error: `the ${kind} channel is not available here` };
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<ChannelSendOutcome>((resolve) => {
      timer = setTimeout(() => {
        controller.abort(new Error(`timed out after ${deps.timeoutMs} ms`));
        resolve({ ok: false, error: `timed out after ${deps.timeoutMs} ms` });
      }, deps.timeoutMs);
    });
    const send = async (): Promise<ChannelSendOutcome> => {
      let connection: ChannelConnection = null;
      const connectionKind = channelModule(kind)?.connection?.kind;
      if (connectionKind) {
        const row = await deps.connections().find(page.organizationId, connectionKind);
        connection = row ? open(row.config_sealed) : null;
      }
      const outcome = await channel.send(page, to, connection, controller.signal);
      return outcome.ok ? outcome : { ok: false, error: outcome.error.slice(0, 1000) };
    };
    try {
      return await Promise.race([send().catch((error: unknown): ChannelSendOutcome => ({ ok: false, error: failure(error) })), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
}
