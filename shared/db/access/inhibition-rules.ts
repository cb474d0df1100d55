import type { EntityManager } from '@mikro-orm/postgresql';
import { InhibitionRuleEntity, type InhibitionRule } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';
import { lockOrganization } from './organizations.ts';

/** An inhibition rule as stored. */
export type InhibitionRuleRecord = Pick<
  InhibitionRule,
  'id' | 'name' | 'sourceMatchers' | 'targetMatchers' | 'equal' | 'enabled' | 'createdAt' | 'updatedAt'
> & { createdById: string | null };

export type InhibitionRuleFields = Pick<InhibitionRuleRecord, 'name' | 'sourceMatchers' | 'targetMatchers' | 'equal' | 'enabled'>;

/** Every read and write is confined to the organization given. */
export interface InhibitionRuleStore {
  list(organizationId: string, page: { limit: number; offset: number }): Promise<{ items: InhibitionRuleRecord[]; total: number }>;
  find(organizationId: string, id: string): Promise<InhibitionRuleRecord | undefined>;
  /** Counts and inserts under the organization's lock: undefined, and nothing kept, when it already has `cap` rules. */
  insertUnder(
    cap: number,
    organizationId: string,
    fields: InhibitionRuleFields & { createdById: string | null },
  ): Promise<InhibitionRuleRecord | undefined>;
  update(organizationId: string, id: string, changes: Partial<InhibitionRuleFields>): Promise<InhibitionRuleRecord | undefined>;
  remove(organizationId: string, id: string): Promise<void>;
}

const record = (rule: InhibitionRule): InhibitionRuleRecord => ({
  id: rule.id,
  name: rule.name,
  sourceMatchers: rule.sourceMatchers,
  targetMatchers: rule.targetMatchers,
  equal: rule.equal,
  enabled: rule.enabled,
  createdById: rule.createdById ?? null,
  createdAt: rule.createdAt,
  updatedAt: rule.updatedAt,
});

/** Organizations' inhibition rules (`inhibition_rules`); workers drop their cached rules on every write (NOTIFY). */
export function createInhibitionRuleStore(em: EntityManager): InhibitionRuleStore {
  const findEntity = (organizationId: string, id: string) =>
    em.findOne(InhibitionRuleEntity, { id, organization: organizationId }, unscoped);
  return {
    async list(organizationId, page) {
      const [items, total] = await em.findAndCount(
        InhibitionRuleEntity,
        { organization: organizationId },
        { ...unscoped, orderBy: { createdAt: 'asc', id: 'asc' }, limit: page.limit, offset: page.offset },
      );
      return { items: items.map(record), total };
    },

    async find(organizationId, id) {
      const rule = await findEntity(organizationId, id);
      return rule ? record(rule) : undefined;
    },

    insertUnder: (cap, organizationId, fields) =>
      em.transactional(async (tx) => {
        await lockOrganization(tx, organizationId);
        if ((await tx.count(InhibitionRuleEntity, { organization: organizationId }, unscoped)) >= cap) return undefined;
        const created = tx.create(InhibitionRuleEntity, { organization: organizationId, ...fields });
        await tx.flush();
        return record(created);
      }),

    async update(organizationId, id, changes) {
      const rule = await findEntity(organizationId, id);
      if (!rule) return undefined;
      for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(rule, { [key]: value });
      await em.flush();
      return record(rule);
    },

    async remove(organizationId, id) {
      await em.nativeDelete(InhibitionRuleEntity, { id, organization: organizationId }, unscoped);
    },
  };
}
