import type { EntityManager } from '@mikro-orm/postgresql';
import { InhibitionRuleEntity, type InhibitionRule } from '../../shared/db/entities/index.ts';
import { lockOrganization } from '../../shared/db/access/organizations.ts';
import { MAX_INHIBITION_RULES } from '../../shared/domain/inhibition.ts';
import { formatMatcher, type Matcher } from '../../shared/domain/matchers.ts';
import { ConflictError, NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { InhibitionRuleView } from '../schemas/inhibition-rule.schemas.ts';

export type InhibitionRuleService = ReturnType<typeof createInhibitionRuleService>;

const view = (rule: InhibitionRule): InhibitionRuleView => ({
  id: rule.id,
  name: rule.name,
  source_matchers: rule.sourceMatchers.map(formatMatcher),
  target_matchers: rule.targetMatchers.map(formatMatcher),
  equal: rule.equal,
  enabled: rule.enabled,
  created_by: rule.createdById ?? null,
  created_at: rule.createdAt.toISOString(),
  updated_at: rule.updatedAt.toISOString(),
});

interface RuleInput {
  name?: string;
  source_matchers?: Matcher[];
  target_matchers?: Matcher[];
  equal?: string[];
  enabled?: boolean;
}

const ORDER = { createdAt: 'asc', id: 'asc' } as const;

/** Inhibition rules CRUD within the caller's organization (the tenant filter); workers drop their cached rules on every write (NOTIFY). */
export function createInhibitionRuleService(deps: { em: () => EntityManager }) {
  const load = async (em: EntityManager, id: string) => {
    const rule = await em.findOne(InhibitionRuleEntity, { id });
    if (!rule) throw new NotFoundError('Inhibition rule');
    return rule;
  };
  return {
    async list(_auth: AuthContext, query: { limit: number; offset: number }) {
      const [items, total] = await deps
        .em()
        .findAndCount(InhibitionRuleEntity, {}, { orderBy: ORDER, limit: query.limit, offset: query.offset });
      return { items: items.map(view), total };
    },

    async get(_auth: AuthContext, id: string) {
      return view(await load(deps.em(), id));
    },

    async create(
      auth: AuthContext,
      input: Required<Pick<RuleInput, 'name' | 'source_matchers' | 'target_matchers' | 'equal' | 'enabled'>>,
    ) {
      const rule = await deps.em().transactional(async (em) => {
        // The count and the insert under the organization's lock: the cap holds under concurrent creates.
        await lockOrganization(em, auth.organizationId);
        if ((await em.count(InhibitionRuleEntity, {})) >= MAX_INHIBITION_RULES)
          throw new ConflictError(`An organization keeps at most ${MAX_INHIBITION_RULES} inhibition rules`);
        const created = em.create(InhibitionRuleEntity, {
          organization: auth.organizationId,
          name: input.name,
          sourceMatchers: input.source_matchers,
          targetMatchers: input.target_matchers,
          equal: [...new Set(input.equal)],
          enabled: input.enabled,
          createdById: auth.userId,
        });
        await em.flush();
        return created;
      });
      return view(rule);
    },

    async update(_auth: AuthContext, id: string, input: RuleInput) {
      const em = deps.em();
      const rule = await load(em, id);
      if (input.name !== undefined) rule.name = input.name;
      if (input.source_matchers !== undefined) rule.sourceMatchers = input.source_matchers;
      if (input.target_matchers !== undefined) rule.targetMatchers = input.target_matchers;
      if (input.equal !== undefined) rule.equal = [...new Set(input.equal)];
      if (input.enabled !== undefined) rule.enabled = input.enabled;
      await em.flush();
      return view(rule);
    },

    async remove(_auth: AuthContext, id: string) {
      const em = deps.em();
      await em.remove(await load(em, id)).flush();
    },
  };
}
