import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import { isoTimestamp } from '../../shared/db/sql-timestamp.ts';
import type { ChannelConnectionRow, ChannelConnectionStore } from '../../shared/db/access/channel-connections.ts';
import { AppError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { ChannelConnectionKind } from '../../shared/paging/channel-module.ts';
import { channelConnectionDescriptors } from '../../shared/paging/channels.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ChannelConnectionView } from '../schemas/channel.schemas.ts';

export type ChannelConnectionService = ReturnType<typeof createChannelConnectionService>;

const view = (row: ChannelConnectionRow): ChannelConnectionView => ({
  kind: row.kind as ChannelConnectionKind,
  summary: row.summary as ChannelConnectionView['summary'],
  created_at: isoTimestamp(row.created_at),
  updated_at: isoTimestamp(row.updated_at),
});

/**
 * The organization's channel connections (Slack app, Matrix bot, Twilio account, ntfy server):
 * each kind's settings validated by the schema its channel module declares, sealed at rest, and
 * shown only as the summary the module allows (write-only secrets).
 */
export function createChannelConnectionService(deps: { connections: () => ChannelConnectionStore; secretBox: SecretBox }) {
  const descriptorOf = (kind: ChannelConnectionKind) => {
    const descriptor = channelConnectionDescriptors().get(kind);
    if (!descriptor)
      throw new AppError('VALIDATION_ERROR', `This server has no ${kind} channel`, {
        fields: { errors: [{ path: 'kind', message: 'not available' }] },
      });
    return descriptor;
  };

  return {
    async list(auth: AuthContext) {
      const rows = await deps.connections().list(auth.organizationId);
      return { items: rows.map(view), total: rows.length };
    },

    async get(auth: AuthContext, kind: ChannelConnectionKind) {
      const row = await deps.connections().find(auth.organizationId, kind);
      if (!row) throw new NotFoundError('Channel connection');
      return view(row);
    },

    /** Creates or replaces the connection: every setting is given again (secrets are never read back). */
    async put(auth: AuthContext, kind: ChannelConnectionKind, body: Record<string, unknown>) {
      const descriptor = descriptorOf(kind);
      const parsed = descriptor.schema.safeParse(body);
      if (!parsed.success) {
        throw new ValidationError(
          parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message })),
        );
      }
      const config = parsed.data as Record<string, unknown>;
      await deps.connections().put(auth.organizationId, kind, {
        sealed: deps.secretBox.encrypt(JSON.stringify(config)),
        summary: descriptor.summary(config),
      });
      return this.get(auth, kind);
    },

    async remove(auth: AuthContext, kind: ChannelConnectionKind) {
      if (!(await deps.connections().remove(auth.organizationId, kind))) throw new NotFoundError('Channel connection');
    },
  };
}
