import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContactMethodType } from '../../domain/notification-rules.ts';
import { sqlArray } from '../sql-array.ts';
import { namedStatement, runNamed } from './named-statement.ts';
import { isUuid, organizationKeyArrays, organizationKeyText, rowsOfKeys } from './organization-keys.ts';

/** A contact method as stored: its public address, its sealed part (a webhook's URL, a push token) stays sealed. */
export interface ContactMethodRow {
  id: string;
  user_id: string;
  type: ContactMethodType;
  label: string;
  address: string | null;
  secret_sealed: string | null;
  webhook_destination: string | null;
  template: unknown;
  verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Every read and write is confined to one member of one organization. */
export interface MemberKey {
  organizationId: string;
  userId: string;
}

export interface ContactMethodStore {
  find(owner: MemberKey, id: string): Promise<ContactMethodRow | undefined>;
  list(owner: MemberKey, page: { limit: number; offset: number }): Promise<ContactMethodRow[]>;
  count(owner: MemberKey): Promise<number>;
  /** The member's account address, which counts as verified. */
  accountEmail(owner: MemberKey): Promise<string | undefined>;
  /** `verified`: the account's own address, or a receiver the member configured (webhook). */
  insert(
    owner: MemberKey,
    method: {
      id: string;
      type: ContactMethodType;
      label: string;
      address: string | null;
      sealed: string | null;
      destination: string | null;
      template: unknown;
      verified: boolean;
    },
  ): Promise<void>;
  /** `destination` replaces the address and sealed part together; `template: null` clears it. */
  update(
    owner: MemberKey,
    id: string,
    changes: {
      label?: string;
      destination?: { address: string | null; sealed: string | null; webhookDestination: string | null };
      template?: unknown;
    },
  ): Promise<void>;
  /** Its notification rules go with it (foreign key). */
  remove(owner: MemberKey, id: string): Promise<void>;
  /** Stores a new verification token's hash: the previous link stops working. */
  setVerificationToken(id: string, tokenHash: string, ttlSeconds: number): Promise<void>;
  /** Seconds until another verification mail may go (0 or less: now); undefined when none was mailed. */
  secondsUntilResend(id: string, ttlSeconds: number, resendSeconds: number): Promise<number | undefined>;
  /**
   * Claims the next verification mail to `address` in the organization, at most one per
   * `resendSeconds` whatever method it is for: 0 when claimed, else the seconds left to wait.
   */
  claimVerificationMail(organizationId: string, address: string, resendSeconds: number): Promise<number>;
  /** The address a live, unused verification token is for. */
  pendingVerification(tokenHash: string): Promise<{ address: string } | undefined>;
  /** Marks the method verified and spends the token, in one statement: two concurrent uses cannot both succeed. */
  consumeVerification(tokenHash: string): Promise<{ address: string } | undefined>;
  /**
   * Checks a code for one method: right (and live) verifies it and spends the code; wrong counts
   * a try, and after `maxAttempts` wrong tries the code is spent. One statement each way.
   */
  consumeCode(owner: MemberKey, id: string, codeHash: string, maxAttempts: number): Promise<'verified' | 'wrong' | 'expired'>;
}

const COLUMNS = 'id, user_id, type, label, address, secret_sealed, webhook_destination, template, verified_at, created_at, updated_at';

/** Members' contact methods (`contact_methods`). */
export function createContactMethodStore(em: EntityManager): ContactMethodStore {
  return {
    async find(owner, id) {
      const [row] = await em.execute<ContactMethodRow[]>(
        `select ${COLUMNS} from contact_methods where id = ? and organization_id = ? and user_id = ?`,
        [id, owner.organizationId, owner.userId],
      );
      return row;
    },

    list: (owner, page) =>
      em.execute<ContactMethodRow[]>(
        `select ${COLUMNS} from contact_methods where organization_id = ? and user_id = ? order by created_at, id limit ? offset ?`,
        [owner.organizationId, owner.userId, page.limit, page.offset],
      ),

    async count(owner) {
      const [count] = await em.execute<Array<{ n: string }>>(
        'select count(*) as n from contact_methods where organization_id = ? and user_id = ?',
        [owner.organizationId, owner.userId],
      );
      return Number(count?.n ?? 0);
    },

    async accountEmail(owner) {
      const [own] = await em.execute<Array<{ email: string }>>('select email from users where id = ? and organization_id = ?', [
        owner.userId,
        owner.organizationId,
      ]);
      return own?.email;
    },

    async insert(owner, method) {
      await em.execute(
        `insert into contact_methods (id, organization_id, user_id, type, label, address, secret_sealed, webhook_destination, template, verified_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ${method.verified ? 'now()' : 'null'}, now(), now())`,
        [
          method.id,
          owner.organizationId,
          owner.userId,
          method.type,
          method.label,
          method.address,
          method.sealed,
          method.destination,
          method.template === undefined || method.template === null ? null : JSON.stringify(method.template),
        ],
      );
    },

    async update(owner, id, changes) {
      const sets: string[] = ['updated_at = now()'];
      const params: unknown[] = [];
      if (changes.label !== undefined) {
        sets.push('label = ?');
        params.push(changes.label);
      }
      if (changes.destination !== undefined) {
        sets.push('address = ?', 'secret_sealed = ?', 'webhook_destination = ?');
        params.push(changes.destination.address, changes.destination.sealed, changes.destination.webhookDestination);
      }
      if (changes.template !== undefined) {
        sets.push('template = ?::jsonb');
        params.push(changes.template === null ? null : JSON.stringify(changes.template));
      }
      await em.execute(`update contact_methods set ${sets.join(', ')} where id = ? and organization_id = ? and user_id = ?`, [
        ...params,
        id,
        owner.organizationId,
        owner.userId,
      ]);
    },

    async remove(owner, id) {
      await em.execute('delete from contact_methods where id = ? and organization_id = ? and user_id = ?', [
        id,
        owner.organizationId,
        owner.userId,
      ]);
    },

    async setVerificationToken(id, tokenHash, ttlSeconds) {
      await em.execute(
        `update contact_methods set verification_token_hash = ?, verification_expires_at = now() + make_interval(secs => ?), verification_attempts = 0, updated_at = now() where id = ?`,
        [tokenHash, ttlSeconds, id],
      );
    },

    async secondsUntilResend(id, ttlSeconds, resendSeconds) {
      const [recent] = await em.execute<Array<{ wait: number }>>(
        `select ceil(extract(epoch from verification_expires_at - make_interval(secs => ?) + make_interval(secs => ?) - now()))::int as wait
         from contact_methods where id = ? and verification_expires_at is not null`,
        [ttlSeconds, resendSeconds, id],
      );
      return recent?.wait;
    },

    async claimVerificationMail(organizationId, address, resendSeconds) {
      // One statement on the database clock: concurrent creates in any API process claim once.
      const claimed = await em.execute<Array<{ address: string }>>(
        `insert into contact_verification_mails as m (organization_id, address, last_sent_at) values (?, ?, now())
         on conflict (organization_id, address) do update set last_sent_at = now()
         where m.last_sent_at <= now() - ? * interval '1 second'
         returning address`,
        [organizationId, address, resendSeconds],
      );
      if (claimed.length > 0) {
        // The organization's claims that are over say nothing any more.
        await em.execute(
          `delete from contact_verification_mails where organization_id = ? and last_sent_at < now() - ? * interval '1 second'`,
          [organizationId, resendSeconds],
          'run',
        );
        return 0;
      }
      const [row] = await em.execute<Array<{ wait: number }>>(
        `select greatest(1, ceil(extract(epoch from last_sent_at + ? * interval '1 second' - now())))::int as wait
         from contact_verification_mails where organization_id = ? and address = ?`,
        [resendSeconds, organizationId, address],
      );
      return row?.wait ?? 1;
    },

    async pendingVerification(tokenHash) {
      const [row] = await em.execute<Array<{ address: string }>>(
        `select address from contact_methods where verification_token_hash = ? and verification_expires_at > now() and verified_at is null`,
        [tokenHash],
      );
      return row;
    },

    async consumeCode(owner, id, codeHash, maxAttempts) {
      const [row] = await em.execute<Array<{ outcome: 'verified' | 'wrong' | 'expired' }>>(
        `with target as (
           select id, verification_token_hash = ? as right_code
           from contact_methods
           where id = ? and organization_id = ? and user_id = ? and verified_at is null
             and verification_token_hash is not null and verification_expires_at > now() and verification_attempts < ?
           for update),
         changed as (
           update contact_methods c set
             verified_at = case when t.right_code then now() else null end,
             verification_attempts = case when t.right_code then 0 else c.verification_attempts + 1 end,
             verification_token_hash = case when t.right_code or c.verification_attempts + 1 >= ? then null else c.verification_token_hash end,
             verification_expires_at = case when t.right_code or c.verification_attempts + 1 >= ? then null else c.verification_expires_at end,
             updated_at = now()
           from target t where c.id = t.id
           returning t.right_code)
         select case when right_code then 'verified' else 'wrong' end as outcome from changed`,
        [codeHash, id, owner.organizationId, owner.userId, maxAttempts, maxAttempts, maxAttempts],
      );
      return row?.outcome ?? 'expired';
    },

    async consumeVerification(tokenHash) {
      const [row] = await em.execute<Array<{ address: string }>>(
        `update contact_methods set verified_at = now(), verification_token_hash = null, verification_expires_at = null, updated_at = now()
         where verification_token_hash = ? and verification_expires_at > now() and verified_at is null
         returning address`,
        [tokenHash],
      );
      return row;
    },
  };
}

/** Where a page to a member goes: their account email and, when the page names one, that contact method as it is now. */
export interface PageRecipient {
  email: string;
  /** Null when the page names no contact method, or it is gone. */
  type: ContactMethodType | null;
  address: string | null;
  secret_sealed: string | null;
  template: unknown;
  verified: boolean;
}

/** A page's member with their organization, and the contact method the page names (null: none). */
export interface PageRecipientKey {
  organizationId: string;
  userId: string;
  contactMethodId: string | null;
}

export const pageRecipientKeyText = (key: PageRecipientKey): string =>
  `${organizationKeyText(key.organizationId, key.userId)}/${key.contactMethodId?.toLowerCase() ?? ''}`;

// Named: every page reads it as it is sent, concurrent pages in one statement.
const PAGE_RECIPIENTS = namedStatement(
  'tocsin_page_recipients',
  `select u.id as user_id, u.organization_id, u.email, cm.id as contact_method_id, cm.type, cm.address, cm.secret_sealed, cm.template,
     cm.verified_at is not null as verified
   from users u left join contact_methods cm on cm.id = any(?::uuid[]) and cm.user_id = u.id and cm.organization_id = u.organization_id
   where u.id = any(?::uuid[]) and u.organization_id = any(?::uuid[])`,
);

type RecipientRow = PageRecipient & { user_id: string; organization_id: string; contact_method_id: string | null };

/**
 * The recipients of these pages, each with its key's text (`pageRecipientKeyText`); a key whose
 * member is no longer in the organization is absent. A contact method that is not the member's
 * (or is gone) leaves the account email alone, its fields null.
 */
export async function pageRecipients(
  em: EntityManager,
  keys: readonly PageRecipientKey[],
): Promise<Array<PageRecipient & { key: string }>> {
  const members = keys.map((key) => ({ organizationId: key.organizationId, id: key.userId }));
  const methods = keys.flatMap((key) => (key.contactMethodId && isUuid(key.contactMethodId) ? [key.contactMethodId] : []));
  const rows = await runNamed<RecipientRow>(em, PAGE_RECIPIENTS, [sqlArray([...new Set(methods)]), ...organizationKeyArrays(members)]);
  const byMember = Map.groupBy(
    rowsOfKeys(rows, members, (row) => row.user_id),
    (row) => organizationKeyText(row.organization_id, row.user_id),
  );
  return keys.flatMap((key) => {
    const ofMember = byMember.get(organizationKeyText(key.organizationId, key.userId));
    if (!ofMember) return [];
    const wanted = key.contactMethodId?.toLowerCase();
    const method = wanted ? ofMember.find((row) => row.contact_method_id?.toLowerCase() === wanted) : undefined;
    return [
      {
        key: pageRecipientKeyText(key),
        email: (ofMember[0] as RecipientRow).email,
        type: method?.type ?? null,
        address: method?.address ?? null,
        secret_sealed: method?.secret_sealed ?? null,
        template: method?.template ?? null,
        verified: method?.verified ?? false,
      },
    ];
  });
}
