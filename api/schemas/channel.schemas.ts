import { z } from 'zod';
import { PAGE_CHANNEL_KINDS } from '../../shared/paging/channel.ts';
import { CHANNEL_CONNECTION_KINDS } from '../../shared/paging/channel-module.ts';
import { list, single, timestamp } from './common.ts';

export const ChannelConnectionKindParams = z.object({ kind: z.enum(CHANNEL_CONNECTION_KINDS) });

/** Validated again by the kind's own schema (declared in its channel module) in the service. */
export const PutChannelConnectionBody = z
  .record(z.string(), z.unknown())
  .describe("The connection's settings; each kind's fields are listed in the user guide. Secrets are write-only.")
  .meta({ id: 'PutChannelConnection' });

export const ChannelConnectionSchema = z
  .object({
    kind: z.enum(CHANNEL_CONNECTION_KINDS),
    summary: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .describe('The safe part of the settings (server, account or bot name, which secrets are set); never a secret'),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'ChannelConnection' });
export type ChannelConnectionView = z.output<typeof ChannelConnectionSchema>;

export const ChannelIdentitySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(PAGE_CHANNEL_KINDS),
    external_id: z.string().describe('Your account on the channel (a Slack user id, a Matrix user id, a phone number)'),
    external_name: z.string().nullable(),
    created_at: timestamp(),
  })
  .meta({ id: 'ChannelIdentity' });
export type ChannelIdentityView = z.output<typeof ChannelIdentitySchema>;

export const LinkChannelIdentityBody = z
  .object({ token: z.string().min(1).max(2048).describe('The token of the link the channel sent you (15 minutes, single use)') })
  .strict()
  .meta({ id: 'LinkChannelIdentity' });

export const ChannelLinkPreviewQuery = z.object({ token: z.string().min(1).max(2048) });
export const ChannelLinkPreviewSchema = z
  .object({ kind: z.enum(PAGE_CHANNEL_KINDS), external_id: z.string(), external_name: z.string().nullable(), expires_at: timestamp() })
  .meta({ id: 'ChannelLinkPreview' });

export const ChannelConnectionResponse = single(ChannelConnectionSchema);
export const ChannelConnectionListResponse = list(ChannelConnectionSchema);
export const ChannelIdentityResponse = single(ChannelIdentitySchema);
export const ChannelIdentityListResponse = list(ChannelIdentitySchema);
export const ChannelLinkPreviewResponse = single(ChannelLinkPreviewSchema);
