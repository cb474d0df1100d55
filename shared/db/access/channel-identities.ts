import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../../uuidv7.ts';

/** A member's account on a channel (a Slack user, a Matrix user, a phone number). */
export interface ChannelIdentityRow {
  id: string;
  kind: string;
  external_id: string;
  user_id: string;
  external_name: string | null;
  created_at: Date;
}

const COLUMNS = 'id, kind, external_id, user_id, external_name, created_at';

/** Channel accounts linked to members (`channel_identities`), each confined to its organization. */
export function createChannelIdentityStore(em: EntityManager) {
  return {
    listOfUser: (organizationId: string, userId: string) =>
      em.execute<ChannelIdentityRow[]>(
        `select ${COLUMNS} from channel_identities where organization_id = ? and user_id = ? order by created_at, id`,
        [organizationId, userId],
      ),

    /**
     * Links the account to the member, replacing an earlier link of the same account in this
     * organization, and spends the link's nonce in the same statement: a token links once.
     * Undefined when the nonce was spent already or the member is not in the organization.
     */
    async link(input: {
      organizationId: string;
      kind: string;
      externalId: string;
      externalName: string | null;
      userId: string;
      nonce: string;
    }): Promise<ChannelIdentityRow | undefined> {
      const [row] = await em.execute<ChannelIdentityRow[]>(
        `with spent as (
           insert into channel_link_redemptions (nonce, organization_id, redeemed_at)
           select ?, u.organization_id, now() from users u where u.id = ? and u.organization_id = ?
           on conflict (nonce) do nothing
           returning nonce)
         insert into channel_identities as ci (id, organization_id, kind, external_id, user_id, external_name, created_at)
         select ?, ?, ?, ?, ?, ?, now() from spent
         on conflict (organization_id, kind, external_id)
         do update set user_id = excluded.user_id, external_name = excluded.external_name, created_at = now()
         returning ${COLUMNS}`,
        [
          input.nonce,
          input.userId,
          input.organizationId,
          uuidv7(),
          input.organizationId,
          input.kind,
          input.externalId,
          input.userId,
          input.externalName,
        ],
      );
      return row;
    },

    async remove(organizationId: string, userId: string, id: string): Promise<boolean> {
      const rows = await em.execute<Array<{ id: string }>>(
        'delete from channel_identities where id = ? and organization_id = ? and user_id = ? returning id',
        [id, organizationId, userId],
      );
      return rows.length > 0;
    },

    /** The member an account is linked to in this organization, while they are still in it. */
    async identityUser(organizationId: string, kind: string, externalId: string): Promise<string | undefined> {
      const [row] = await em.execute<Array<{ user_id: string }>>(
        `select ci.user_id from channel_identities ci join users u on u.id = ci.user_id and u.organization_id = ci.organization_id
         where ci.organization_id = ? and ci.kind = ? and ci.external_id = ?`,
        [organizationId, kind, externalId],
      );
      return row?.user_id;
    },
  };
}

export type ChannelIdentityStore = ReturnType<typeof createChannelIdentityStore>;

/** The member an account is linked to (vendor routes and the worker call this after verifying the vendor's signature). */
export const identityUser = (em: EntityManager, organizationId: string, kind: string, externalId: string) =>
  createChannelIdentityStore(em).identityUser(organizationId, kind, externalId);
