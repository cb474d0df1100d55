import type { EntityManager } from '@mikro-orm/postgresql';
import type { EscalationPolicySnapshot } from '../../domain/escalation.ts';
import type { RuleCandidate } from '../../domain/notification-rules.ts';
import { createBatchedReads } from '../batched-reads.ts';
import { pageRecipientKeyText, pageRecipients, type PageRecipient, type PageRecipientKey } from './contact-methods.ts';
import { escalationPolicySnapshots } from './escalation-policies.ts';
import { incidentPagingStates, type IncidentPagingState } from './incidents.ts';
import { pagingRuleCandidatesOf, type MemberRuleCandidate } from './notification-rules.ts';
import { organizationKeyText, type OrganizationKey } from './organization-keys.ts';
import { membersOf } from './users.ts';

/** The reads of a page: the policy, the incident, which targets are members, the members' rules, and where each page goes. */
export interface PagingReads {
  policy(organizationId: string, policyId: string): Promise<EscalationPolicySnapshot | undefined>;
  incident(organizationId: string, incidentId: string): Promise<IncidentPagingState | undefined>;
  /** Which of `userIds` are members of the organization. */
  membersAmong(organizationId: string, userIds: readonly string[]): Promise<Set<string>>;
  ruleCandidates(organizationId: string, userIds: readonly string[]): Promise<Array<RuleCandidate & { user_id: string }>>;
  /** Where a page to the member goes now (see pageRecipients); undefined when they left the organization. */
  recipient(organizationId: string, userId: string, contactMethodId: string | null): Promise<PageRecipient | undefined>;
}

const keyText = (key: OrganizationKey) => organizationKeyText(key.organizationId, key.id);

/**
 * A page's reads, each batched across the pages this process sends at once
 * (shared/db/batched-reads.ts): when a storm's incidents page together, each step is one statement
 * for all of them instead of one per incident, and each page reads what was committed before it
 * asked, as a statement of its own would. `em` must not be in a transaction (the reads are shared).
 */
export function createPagingReads(em: EntityManager): PagingReads {
  const policies = createBatchedReads<OrganizationKey, { organization_id: string; policy: EscalationPolicySnapshot }>({
    fetch: (keys) => escalationPolicySnapshots(em, keys),
    keyOf: keyText,
    rowKey: (row) => organizationKeyText(row.organization_id, row.policy.id),
  });
  const incidents = createBatchedReads<OrganizationKey, IncidentPagingState & { organization_id: string }>({
    fetch: (keys) => incidentPagingStates(em, keys),
    keyOf: keyText,
    rowKey: (row) => organizationKeyText(row.organization_id, row.id),
  });
  const members = createBatchedReads<OrganizationKey, { id: string; organization_id: string }>({
    fetch: (keys) => membersOf(em, keys),
    keyOf: keyText,
    rowKey: (row) => organizationKeyText(row.organization_id, row.id),
  });
  // One entry per member asked: their rules (none is an answer too).
  const rules = createBatchedReads<OrganizationKey, { key: string; rules: MemberRuleCandidate[] }>({
    fetch: async (keys) => {
      const byMember = Map.groupBy(await pagingRuleCandidatesOf(em, keys), (row) => organizationKeyText(row.organization_id, row.user_id));
      return keys.map((key) => ({ key: keyText(key), rules: byMember.get(keyText(key)) ?? [] }));
    },
    keyOf: keyText,
    rowKey: (row) => row.key,
  });
  const recipients = createBatchedReads<PageRecipientKey, PageRecipient & { key: string }>({
    fetch: (keys) => pageRecipients(em, keys),
    keyOf: pageRecipientKeyText,
    rowKey: (row) => row.key,
  });
  const ofMembers = (organizationId: string, userIds: readonly string[]) => [...new Set(userIds)].map((id) => ({ organizationId, id }));
  return {
    policy: async (organizationId, policyId) => (await policies.load({ organizationId, id: policyId }))?.policy,
    async incident(organizationId, incidentId) {
      const row = await incidents.load({ organizationId, id: incidentId });
      if (!row) return undefined;
      const { organization_id: _organization, ...state } = row;
      return state;
    },
    async membersAmong(organizationId, userIds) {
      const found = await Promise.all(ofMembers(organizationId, userIds).map((key) => members.load(key)));
      return new Set(found.flatMap((row) => (row ? [row.id] : [])));
    },
    async ruleCandidates(organizationId, userIds) {
      const found = await Promise.all(ofMembers(organizationId, userIds).map((key) => rules.load(key)));
      return found.flatMap((entry) => (entry?.rules ?? []).map(({ organization_id: _organization, ...rule }) => rule));
    },
    async recipient(organizationId, userId, contactMethodId) {
      const row = await recipients.load({ organizationId, userId, contactMethodId });
      if (!row) return undefined;
      const { key: _key, ...recipient } = row;
      return recipient;
    },
  };
}
