import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { PageMethod, PageStatus } from '../../domain/escalation.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/**
 * One page of an escalation: written by the paging activity before it sends, unique per
 * (incident, cycle, round, level, user, rule) (a member without rules: the nil rule), so a retried
 * activity never pages twice. The unique index is an expression index (migration 20261228060000).
 */
export const PageEntity = defineEntity({
  name: 'Page',
  tableName: 'pages',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuidv7()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    incidentId: p.uuid(),
    policyId: p.uuid().nullable(),
    /** The incident's escalation cycle: 1, then one more for each reopening or reassignment. */
    cycle: p.integer().default(1),
    round: p.integer(),
    level: p.integer(),
    userId: p.uuid(),
    /** The channel it went through (a contact method's type). */
    method: p.string().length(32).$type<PageMethod>(),
    /** The notification rule that sent it; null for the default (account email at once). */
    ruleId: p.uuid().nullable(),
    /** The contact method it went to; null for the account's own address. */
    contactMethodId: p.uuid().nullable(),
    /** `sending` while the send is under way, then `sent` or `failed`. */
    status: p.string().length(16).$type<PageStatus>(),
    error: p.text().nullable(),
    /** 1, then one more each time it was sent again after the attempt that claimed it died. */
    attempts: p.integer().default(1),
    /** The last resend after a crash; null when sent once. */
    resentAt: p.datetime().nullable(),
    /** When the channel accepted it. */
    sentAt: p.datetime().nullable(),
    /** The channel's id of the sent message (a Slack ts, a Matrix event id), for updates in place. */
    messageRef: p.text().nullable(),
    /** Until when the attempt that claimed it holds it (`sending`). */
    claimedUntil: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type Page = InferEntity<typeof PageEntity>;
