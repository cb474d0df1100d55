import type { ChannelIdentityRow, ChannelIdentityStore } from '../../shared/db/access/channel-identities.ts';
import { isoTimestamp } from '../../shared/db/sql-timestamp.ts';
import { ConflictError, NotFoundError } from '../../shared/errors.ts';
import type { PageChannelKind } from '../../shared/paging/channel.ts';
import type { ChannelLinks } from '../../shared/paging/channel-link-token.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ChannelIdentityView } from '../schemas/channel.schemas.ts';
import { assertSignedIn } from './contact-method.service.ts';

export type ChannelIdentityService = ReturnType<typeof createChannelIdentityService>;

const view = (row: ChannelIdentityRow): ChannelIdentityView => ({
  id: row.id,
  kind: row.kind as PageChannelKind,
  external_id: row.external_id,
  external_name: row.external_name,
  created_at: isoTimestamp(row.created_at),
});

/**
 * Members' accounts on chat channels. A channel that meets an unknown account sends it a signed,
 * 15-minute, single-use link (createChannelLinkToken); the member opens it signed in and confirms:
 * from then on that account acts as them. A link of another organization links nothing.
 */
export function createChannelIdentityService(deps: { identities: () => ChannelIdentityStore; links: ChannelLinks }) {
  /** The link's claims when it is good and for the caller's organization; anything else is 404, an expired one 409. */
  const check = (auth: AuthContext, token: string) => {
    const checked = deps.links.verify(token);
    if (!checked.ok) {
      if (checked.reason === 'expired') throw new ConflictError('This link has expired: ask the channel for a new one');
      throw new NotFoundError('Channel link');
    }
    if (checked.claims.organizationId !== auth.organizationId) throw new NotFoundError('Channel link');
    return checked.claims;
  };

  return {
    async list(auth: AuthContext) {
      const rows = await deps.identities().listOfUser(auth.organizationId, auth.userId);
      return { items: rows.map(view), total: rows.length };
    },

    /** What a link would link, without using it (the console's confirmation page). */
    async preview(auth: AuthContext, token: string) {
      const claims = check(auth, token);
      return {
        kind: claims.kind,
        external_id: claims.externalId,
        external_name: claims.externalName,
        expires_at: new Date(claims.expiresAt * 1000).toISOString(),
      };
    },

    /** Links the account to the signed-in member, once per link (409 when it was used). */
    async link(auth: AuthContext, token: string) {
      assertSignedIn(auth);
      const claims = check(auth, token);
      const row = await deps.identities().link({
        organizationId: auth.organizationId,
        kind: claims.kind,
        externalId: claims.externalId,
        externalName: claims.externalName,
        userId: auth.userId,
        nonce: claims.nonce,
      });
      if (!row) throw new ConflictError('This link was already used');
      return view(row);
    },

    async remove(auth: AuthContext, id: string) {
      assertSignedIn(auth);
      if (!(await deps.identities().remove(auth.organizationId, auth.userId, id))) throw new NotFoundError('Channel identity');
    },
  };
}
