import type { EntityManager } from '@mikro-orm/postgresql';
import {
  EscalationPolicyEntity,
  RoutingRuleEntity,
  ScheduleEntity,
  TeamEntity,
  UserEntity,
  type EscalationPolicy,
} from '../../shared/db/entities/index.ts';
import { existingIds } from '../../shared/db/access/existing-ids.ts';
import { lockOrganization } from '../../shared/db/access/organizations.ts';
import type { EscalationLevel, EscalationTarget } from '../../shared/domain/escalation.ts';
import { assertOwnerTeam } from './team.service.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { EscalationPolicyView } from '../schemas/escalation.schemas.ts';

export type EscalationPolicyService = ReturnType<typeof createEscalationPolicyService>;

/** The response shape of a stored policy. */
export const escalationPolicyView = (policy: EscalationPolicy): EscalationPolicyView => ({
  id: policy.id,
  name: policy.name,
  description: policy.description ?? null,
  // Levels stored before round-robin existed page all their targets at once.
  levels: policy.levels.map((level) => ({ ...level, mode: level.mode ?? 'all' })),
  repeat: policy.repeat,
  ack_timeout_minutes: policy.ackTimeoutMinutes ?? null,
  is_default: policy.isDefault,
  team_id: policy.teamId ?? null,
  created_at: policy.createdAt.toISOString(),
  updated_at: policy.updatedAt.toISOString(),
});

interface PolicyInput {
  name?: string;
  description?: string | null;
  levels?: EscalationLevel[];
  repeat?: number;
  ack_timeout_minutes?: number | null;
  is_default?: boolean;
  team_id?: string | null;
}

/**
 * Escalation policies CRUD, within the caller's organization (the tenant filter). Targets are
 * members or schedules of the organization; a schedule pages whoever it has on call at the time.
 */
export function createEscalationPolicyService(deps: { em: () => EntityManager }) {
  const load = async (em: EntityManager, id: string) => {
    const policy = await em.findOne(EscalationPolicyEntity, { id });
    if (!policy) throw new NotFoundError('Escalation policy');
    return policy;
  };

  /**
   * Every target must be a member, a schedule or a team of the organization: 422 naming each that
   * is not. Team targets take the organization lock first, so a concurrent team delete (which
   * checks under it that no policy pages the team) cannot slip between the check and the write.
   */
  const assertTargets = async (em: EntityManager, organizationId: string, levels: EscalationLevel[] | undefined) => {
    if (!levels) return;
    const idsOf = (type: EscalationTarget['type']) =>
      levels.flatMap((level) => level.targets.filter((t) => t.type === type).map((t) => t.id));
    if (idsOf('team').length > 0) await lockOrganization(em, organizationId);
    const found = new Set([
      ...(await existingIds(em, UserEntity, idsOf('user'))),
      ...(await existingIds(em, ScheduleEntity, idsOf('schedule'))),
      ...(await existingIds(em, TeamEntity, idsOf('team'))),
    ]);
    const errors = levels.flatMap((level, l) =>
      level.targets.flatMap((target, t) =>
        found.has(target.id) ? [] : [{ path: `body.levels.${l}.targets.${t}.id`, message: `no such ${target.type} in this organization` }],
      ),
    );
    if (errors.length) throw new ValidationError(errors);
  };

  /**
   * Only one default per organization: setting it clears the flag elsewhere in the same
   * transaction, under a lock on the organization row so that concurrent ones take turns.
   */
  const clearOtherDefaults = async (em: EntityManager, organizationId: string, keepId?: string) => {
    await lockOrganization(em, organizationId);
    await em.nativeUpdate(
      EscalationPolicyEntity,
      { organization: organizationId, isDefault: true, ...(keepId ? { id: { $ne: keepId } } : {}) },
      { isDefault: false },
    );
  };

  return {
    async list(_auth: AuthContext, query: { limit: number; offset: number; team_id?: string }) {
      const [items, total] = await deps.em().findAndCount(EscalationPolicyEntity, query.team_id ? { teamId: query.team_id } : {}, {
        orderBy: { createdAt: 'asc', id: 'asc' },
        limit: query.limit,
        offset: query.offset,
      });
      return { items: items.map(escalationPolicyView), total };
    },

    async get(_auth: AuthContext, id: string) {
      return escalationPolicyView(await load(deps.em(), id));
    },

    async create(auth: AuthContext, input: Required<Pick<PolicyInput, 'name' | 'levels' | 'repeat' | 'is_default'>> & PolicyInput) {
      const policy = await deps.em().transactional(async (em) => {
        await assertTargets(em, auth.organizationId, input.levels);
        await assertOwnerTeam(em, input.team_id);
        if (input.is_default) await clearOtherDefaults(em, auth.organizationId);
        const created = em.create(EscalationPolicyEntity, {
          organization: auth.organizationId,
          name: input.name,
          description: input.description ?? null,
          levels: input.levels,
          repeat: input.repeat,
          ackTimeoutMinutes: input.ack_timeout_minutes ?? null,
          isDefault: input.is_default,
          teamId: input.team_id ?? null,
        });
        await em.flush();
        return created;
      });
      return escalationPolicyView(policy);
    },

    async update(auth: AuthContext, id: string, input: PolicyInput) {
      const policy = await deps.em().transactional(async (em) => {
        const stored = await load(em, id);
        await assertTargets(em, auth.organizationId, input.levels);
        await assertOwnerTeam(em, input.team_id);
        if (input.is_default === true) await clearOtherDefaults(em, auth.organizationId, id);
        if (input.name !== undefined) stored.name = input.name;
        if (input.description !== undefined) stored.description = input.description;
        if (input.levels !== undefined) stored.levels = input.levels;
        if (input.repeat !== undefined) stored.repeat = input.repeat;
        if (input.ack_timeout_minutes !== undefined) stored.ackTimeoutMinutes = input.ack_timeout_minutes;
        if (input.is_default !== undefined) stored.isDefault = input.is_default;
        if (input.team_id !== undefined) stored.teamId = input.team_id;
        await em.flush();
        return stored;
      });
      return escalationPolicyView(policy);
    },

    /**
     * Integrations naming it fall back to the default (the foreign key sets theirs to null); running
     * escalations go on. A policy a routing rule chooses is refused (409): deleting it would silently
     * reroute that rule's incidents. The organization lock orders this after a concurrent rule write.
     */
    async remove(auth: AuthContext, id: string) {
      await deps.em().transactional(async (em) => {
        await lockOrganization(em, auth.organizationId);
        const policy = await load(em, id);
        const rules = await em.find(
          RoutingRuleEntity,
          { escalationPolicyId: id },
          { fields: ['id', 'name'], orderBy: { position: 'asc' } },
        );
        if (rules.length > 0)
          throw new ConflictError(
            `Routing rules choose this policy (${rules.map((rule) => JSON.stringify(rule.name)).join(', ')}): point them at another policy or delete them first`,
          );
        em.remove(policy);
        await em.flush();
      });
    },
  };
}
