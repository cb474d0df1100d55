import type { EscalationPolicyStore, EscalationPolicyUnit } from '../../shared/db/access/escalation-policies.ts';
import type { EscalationPolicy } from '../../shared/db/entities/index.ts';
import type { EscalationLevel, EscalationTarget } from '../../shared/domain/escalation.ts';
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
 * Escalation policies CRUD, within the caller's organization. Targets are members or schedules of
 * the organization; a schedule pages whoever it has on call at the time.
 */
export function createEscalationPolicyService(deps: { policies: () => EscalationPolicyStore }) {
  const load = async (unit: EscalationPolicyUnit, id: string) => {
    const policy = await unit.find(id);
    if (!policy) throw new NotFoundError('Escalation policy');
    return policy;
  };

  /**
   * Every target must be a member, a schedule or a team of the organization: 422 naming each that
   * is not. Team targets take the organization lock first, so a concurrent team delete (which
   * checks under it that no policy pages the team) cannot slip between the check and the write.
   */
  const assertTargets = async (unit: EscalationPolicyUnit, levels: EscalationLevel[] | undefined) => {
    if (!levels) return;
    const idsOf = (type: EscalationTarget['type']) =>
      levels.flatMap((level) => level.targets.filter((t) => t.type === type).map((t) => t.id));
    if (idsOf('team').length > 0) await unit.lockOrganization();
    const found = await unit.existingTargets({ users: idsOf('user'), schedules: idsOf('schedule'), teams: idsOf('team') });
    const errors = levels.flatMap((level, l) =>
      level.targets.flatMap((target, t) =>
        found.has(target.id) ? [] : [{ path: `body.levels.${l}.targets.${t}.id`, message: `no such ${target.type} in this organization` }],
      ),
    );
    if (errors.length) throw new ValidationError(errors);
  };

  /** 422 unless the owner team (when given) is the organization's. */
  const assertOwnerTeam = async (unit: EscalationPolicyUnit, teamId: string | null | undefined) => {
    if (teamId && !(await unit.isTeam(teamId)))
      throw new ValidationError([{ path: 'body.team_id', message: 'no such team in this organization' }]);
  };

  /**
   * Only one default per organization: setting it clears the flag elsewhere in the same
   * transaction, under a lock on the organization row so that concurrent ones take turns.
   */
  const clearOtherDefaults = async (unit: EscalationPolicyUnit, keepId?: string) => {
    await unit.lockOrganization();
    await unit.clearDefaults(keepId);
  };

  return {
    async list(auth: AuthContext, query: { limit: number; offset: number; team_id?: string }) {
      const { items, total } = await deps
        .policies()
        .list(auth.organizationId, { limit: query.limit, offset: query.offset, teamId: query.team_id });
      return { items: items.map(escalationPolicyView), total };
    },

    async get(auth: AuthContext, id: string) {
      const policy = await deps.policies().find(auth.organizationId, id);
      if (!policy) throw new NotFoundError('Escalation policy');
      return escalationPolicyView(policy);
    },

    async create(auth: AuthContext, input: Required<Pick<PolicyInput, 'name' | 'levels' | 'repeat' | 'is_default'>> & PolicyInput) {
      const policy = await deps.policies().transaction(auth.organizationId, async (unit) => {
        await assertTargets(unit, input.levels);
        await assertOwnerTeam(unit, input.team_id);
        if (input.is_default) await clearOtherDefaults(unit);
        return unit.insert({
          name: input.name,
          description: input.description ?? null,
          levels: input.levels,
          repeat: input.repeat,
          ackTimeoutMinutes: input.ack_timeout_minutes ?? null,
          isDefault: input.is_default,
          teamId: input.team_id ?? null,
        });
      });
      return escalationPolicyView(policy);
    },

    async update(auth: AuthContext, id: string, input: PolicyInput) {
      const policy = await deps.policies().transaction(auth.organizationId, async (unit) => {
        const stored = await load(unit, id);
        await assertTargets(unit, input.levels);
        await assertOwnerTeam(unit, input.team_id);
        if (input.is_default === true) await clearOtherDefaults(unit, id);
        if (input.name !== undefined) stored.name = input.name;
        if (input.description !== undefined) stored.description = input.description;
        if (input.levels !== undefined) stored.levels = input.levels;
        if (input.repeat !== undefined) stored.repeat = input.repeat;
        if (input.ack_timeout_minutes !== undefined) stored.ackTimeoutMinutes = input.ack_timeout_minutes;
        if (input.is_default !== undefined) stored.isDefault = input.is_default;
        if (input.team_id !== undefined) stored.teamId = input.team_id;
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
      await deps.policies().transaction(auth.organizationId, async (unit) => {
        await unit.lockOrganization();
        const policy = await load(unit, id);
        const rules = await unit.rulesChoosing(id);
        if (rules.length > 0)
          throw new ConflictError(
            `Routing rules choose this policy (${rules.map((rule) => JSON.stringify(rule.name)).join(', ')}): point them at another policy or delete them first`,
          );
        unit.remove(policy);
      });
    },
  };
}
