import type { InhibitionRuleRecord, InhibitionRuleStore } from '../../shared/db/access/inhibition-rules.ts';
import { MAX_INHIBITION_RULES } from '../../shared/domain/inhibition.ts';
import { formatMatcher, type Matcher } from '../../shared/domain/matchers.ts';
import { ConflictError, NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { InhibitionRuleView } from '../schemas/inhibition-rule.schemas.ts';

export type InhibitionRuleService = ReturnType<typeof createInhibitionRuleService>;

const view = (rule: InhibitionRuleRecord): InhibitionRuleView => ({
  id: rule.id,
  name: rule.name,
  source_matchers: rule.sourceMatchers.map(formatMatcher),
  target_matchers: rule.targetMatchers.map(formatMatcher),
  equal: rule.equal,
  enabled: rule.enabled,
  created_by: rule.createdById,
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

/** Inhibition rules CRUD within the caller's organization; workers drop their cached rules on every write (NOTIFY). */
export function createInhibitionRuleService(deps: { rules: () => InhibitionRuleStore }) {
  const load = async (auth: AuthContext, id: string) => {
    const rule = await deps.rules().find(auth.organizationId, id);
    if (!rule) throw new NotFoundError('Inhibition rule');
    return rule;
  };
  return {
    async list(auth: AuthContext, query: { limit: number; offset: number }) {
      const { items, total } = await deps.rules().list(auth.organizationId, query);
      return { items: items.map(view), total };
    },

    async get(auth: AuthContext, id: string) {
      return view(await load(auth, id));
    },

    async create(
      auth: AuthContext,
      input: Required<Pick<RuleInput, 'name' | 'source_matchers' | 'target_matchers' | 'equal' | 'enabled'>>,
    ) {
      // The cap holds under concurrent creates: the store counts and inserts under the organization's lock.
      const rule = await deps.rules().insertUnder(MAX_INHIBITION_RULES, auth.organizationId, {
        name: input.name,
        sourceMatchers: input.source_matchers,
        targetMatchers: input.target_matchers,
        equal: [...new Set(input.equal)],
        enabled: input.enabled,
        createdById: auth.userId,
      });
      if (!rule) throw new ConflictError(`An organization keeps at most ${MAX_INHIBITION_RULES} inhibition rules`);
      return view(rule);
    },

    async update(auth: AuthContext, id: string, input: RuleInput) {
      await load(auth, id);
      const rule = await deps.rules().update(auth.organizationId, id, {
        name: input.name,
        sourceMatchers: input.source_matchers,
        targetMatchers: input.target_matchers,
        equal: input.equal === undefined ? undefined : [...new Set(input.equal)],
        enabled: input.enabled,
      });
      if (!rule) throw new NotFoundError('Inhibition rule');
      return view(rule);
    },

    async remove(auth: AuthContext, id: string) {
      await load(auth, id);
      await deps.rules().remove(auth.organizationId, id);
    },
  };
}
