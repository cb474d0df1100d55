import type { EntityManager } from '@mikro-orm/postgresql';
import { namedStatement, runNamed } from './named-statement.ts';
import { organizationKeyArrays, rowsOfKeys, type OrganizationKey } from './organization-keys.ts';
import type { ContactMethodType, RuleCandidate, RuleUrgency } from '../../domain/notification-rules.ts';
import type { MemberKey } from './contact-methods.ts';

/** A notification rule with the type of the contact method it pages. */
export interface NotificationRuleRow {
  id: string;
  user_id: string;
  contact_method_id: string;
  contact_method_type: ContactMethodType;
  delay_minutes: number;
  urgency: RuleUrgency;
  created_at: Date;
  updated_at: Date;
}

export interface NotificationRuleFields {
  contact_method_id: string;
  delay_minutes: number;
  urgency: RuleUrgency;
}

export interface NotificationRuleStore {
  find(owner: MemberKey, id: string): Promise<NotificationRuleRow | undefined>;
  /** In paging order: soonest first. */
  list(owner: MemberKey, page: { limit: number; offset: number }): Promise<NotificationRuleRow[]>;
  count(owner: MemberKey): Promise<number>;
  /** Whether the contact method is the member's own. */
  isOwnContactMethod(owner: MemberKey, contactMethodId: string): Promise<boolean>;
  insert(owner: MemberKey, id: string, rule: NotificationRuleFields): Promise<void>;
  update(owner: MemberKey, id: string, rule: NotificationRuleFields): Promise<void>;
  remove(owner: MemberKey, id: string): Promise<void>;
}

const SELECT = `select r.id, r.user_id, r.contact_method_id, cm.type as contact_method_type, r.delay_minutes, r.urgency, r.created_at, r.updated_at
  from notification_rules r join contact_methods cm on cm.id = r.contact_method_id`;

/** Members' notification rules (`notification_rules`). */
export function createNotificationRuleStore(em: EntityManager): NotificationRuleStore {
  return {
    async find(owner, id) {
      const [row] = await em.execute<NotificationRuleRow[]>(`${SELECT} where r.id = ? and r.organization_id = ? and r.user_id = ?`, [
        id,
        owner.organizationId,
        owner.userId,
      ]);
      return row;
    },

    list: (owner, page) =>
      em.execute<NotificationRuleRow[]>(
        `${SELECT} where r.organization_id = ? and r.user_id = ? order by r.delay_minutes, r.created_at, r.id limit ? offset ?`,
        [owner.organizationId, owner.userId, page.limit, page.offset],
      ),

    async count(owner) {
      const [count] = await em.execute<Array<{ n: string }>>(
        'select count(*) as n from notification_rules where organization_id = ? and user_id = ?',
        [owner.organizationId, owner.userId],
      );
      return Number(count?.n ?? 0);
    },

    async isOwnContactMethod(owner, contactMethodId) {
      const [method] = await em.execute<Array<{ id: string }>>(
        'select id from contact_methods where id = ? and organization_id = ? and user_id = ?',
        [contactMethodId, owner.organizationId, owner.userId],
      );
      return method !== undefined;
    },

    async insert(owner, id, rule) {
      await em.execute(
        `insert into notification_rules (id, organization_id, user_id, contact_method_id, delay_minutes, urgency, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, now(), now())`,
        [id, owner.organizationId, owner.userId, rule.contact_method_id, rule.delay_minutes, rule.urgency],
      );
    },

    async update(owner, id, rule) {
      await em.execute(
        'update notification_rules set contact_method_id = ?, delay_minutes = ?, urgency = ?, updated_at = now() where id = ? and organization_id = ? and user_id = ?',
        [rule.contact_method_id, rule.delay_minutes, rule.urgency, id, owner.organizationId, owner.userId],
      );
    },

    async remove(owner, id) {
      await em.execute('delete from notification_rules where id = ? and organization_id = ? and user_id = ?', [
        id,
        owner.organizationId,
        owner.userId,
      ]);
    },
  };
}

// Named: every page's level reads it.
const RULE_CANDIDATES = namedStatement(
  'tocsin_paging_rule_candidates_of',
  `select r.user_id, r.organization_id, r.id as rule_id, r.contact_method_id, cm.type as method, cm.verified_at is not null as verified, r.delay_minutes, r.urgency
   from notification_rules r
   join contact_methods cm on cm.id = r.contact_method_id and cm.user_id = r.user_id and cm.organization_id = r.organization_id
   where r.user_id = any(?::uuid[]) and r.organization_id = any(?::uuid[])`,
);

/** A member's rule as paging plans it, with the member and their organization. */
export type MemberRuleCandidate = RuleCandidate & { user_id: string; organization_id: string };

/**
 * The notification rules of the keys' members (a user id with its organization) as paging plans
 * them, each with the state of its contact method; only rules and methods of the member, in the
 * key's organization.
 */
export async function pagingRuleCandidatesOf(em: EntityManager, keys: readonly OrganizationKey[]): Promise<MemberRuleCandidate[]> {
  const rows = await runNamed<MemberRuleCandidate>(em, RULE_CANDIDATES, organizationKeyArrays(keys));
  return rowsOfKeys(rows, keys, (row) => row.user_id);
}

/** The members' notification rules as paging plans them, in the organization. */
export async function pagingRuleCandidates(
  em: EntityManager,
  organizationId: string,
  userIds: readonly string[],
): Promise<Array<RuleCandidate & { user_id: string }>> {
  const rows = await pagingRuleCandidatesOf(
    em,
    userIds.map((id) => ({ organizationId, id })),
  );
  return rows.map(({ organization_id: _organization, ...rule }) => rule);
}
