import { raw, type EntityManager } from '@mikro-orm/core';
import { ProcedureSchema, ProcedureStepSchema, type Procedure, type ProcedureStep } from '../../shared/db/entities/index.ts';
import type { StepDefinition, StepInput } from '../../shared/domain/procedure.ts';
import { NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';

export interface ProcedureView {
  id: string;
  name: string;
  description: string | null;
  tags: string[];
  version: number;
  steps: StepDefinition[];
  created_at: string;
  updated_at: string;
}

const stepView = (step: ProcedureStep): StepDefinition => ({
  id: step.id,
  position: step.position,
  name: step.name,
  description: step.description ?? null,
  type: step.type as StepDefinition['type'],
  config: step.config,
});

export const procedureView = (procedure: Procedure, steps: ProcedureStep[]): ProcedureView => ({
  id: procedure.id,
  name: procedure.name,
  description: procedure.description ?? null,
  tags: procedure.tags,
  version: procedure.version,
  steps: [...steps].sort((a, b) => a.position - b.position).map(stepView),
  created_at: procedure.createdAt.toISOString(),
  updated_at: procedure.updatedAt.toISOString(),
});

export interface ProcedureInput {
  name: string;
  description?: string | null;
  tags: string[];
  steps: StepInput[];
}

export type ProcedureService = ReturnType<typeof createProcedureService>;

/** Runbooks: a procedure and its ordered steps, always written together. */
export function createProcedureService(deps: { em: () => EntityManager }) {
  const load = async (id: string) => {
    const procedure = await deps.em().findOne(ProcedureSchema, { id });
    if (!procedure) throw new NotFoundError('Procedure');
    return procedure;
  };
  const stepsOf = (ids: string[]) =>
    ids.length === 0 ? Promise.resolve([]) : deps.em().find(ProcedureStepSchema, { procedure: { $in: ids } }, { orderBy: { position: 'asc' } });

  /** Replaces a procedure's steps; a step sent with an existing step's id keeps it (not flushed). */
  const replaceSteps = (em: EntityManager, procedure: Procedure, existing: ProcedureStep[], inputs: StepInput[]): ProcedureStep[] => {
    const byId = new Map(existing.map((step) => [step.id, step]));
    const unknown = inputs.flatMap((input, index) => (input.id && !byId.has(input.id) ? [{ path: `body.steps.${index}.id`, message: 'Not a step of this procedure' }] : []));
    const seen = new Set<string>();
    const duplicate = inputs.flatMap((input, index) => {
      if (!input.id) return [];
      if (seen.has(input.id)) return [{ path: `body.steps.${index}.id`, message: 'Step id used twice' }];
      seen.add(input.id);
      return [];
    });
    if (unknown.length > 0 || duplicate.length > 0) throw new ValidationError([...unknown, ...duplicate]);
    for (const step of existing) if (!seen.has(step.id)) em.remove(step);
    return inputs.map((input, position) => {
      const fields = { position, name: input.name, description: input.description ?? null, type: input.type, config: input.config as Record<string, unknown> };
      const kept = input.id ? byId.get(input.id) : undefined;
      if (kept) return Object.assign(kept, fields);
      return em.create(ProcedureStepSchema, { organization: procedure.organization, procedure, ...fields });
    });
  };

  return {
    async list(_auth: AuthContext, query: { limit: number; offset: number; tag?: string }) {
      const where: Record<string, unknown> = {};
      if (query.tag) Object.assign(where, { [raw((alias) => `${alias}.tags @> ?::jsonb`, [JSON.stringify([query.tag])])]: true });
      const [items, total] = await deps.em().findAndCount(ProcedureSchema, where, {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: query.limit,
        offset: query.offset,
      });
      const steps = await stepsOf(items.map((item) => item.id));
      return { items: items.map((item) => procedureView(item, steps.filter((step) => step.procedure.id === item.id))), total };
    },

    async create(auth: AuthContext, input: ProcedureInput) {
      const em = deps.em();
      const procedure = em.create(ProcedureSchema, {
        organization: auth.organizationId,
        name: input.name,
        description: input.description ?? null,
        tags: input.tags,
      });
      const steps = replaceSteps(em, procedure, [], input.steps);
      await em.flush();
      return procedureView(procedure, steps);
    },

    async get(_auth: AuthContext, id: string) {
      const procedure = await load(id);
      return procedureView(procedure, await stepsOf([id]));
    },

    async update(_auth: AuthContext, id: string, input: Partial<ProcedureInput>) {
      const em = deps.em();
      const procedure = await load(id);
      let steps = await stepsOf([id]);
      if (input.name !== undefined) procedure.name = input.name;
      if (input.description !== undefined) procedure.description = input.description;
      if (input.tags !== undefined) procedure.tags = input.tags;
      if (input.steps !== undefined) steps = replaceSteps(em, procedure, steps, input.steps);
      // Running executions keep their snapshot; the version tells which definition a run used.
      procedure.version += 1;
      await em.flush();
      return procedureView(procedure, steps);
    },

    /** Deletes the definition; executions keep their snapshot and stay readable. */
    async remove(_auth: AuthContext, id: string) {
      const em = deps.em();
      em.remove(await load(id));
      await em.flush();
    },

    /** The current definition, as an execution freezes it. */
    async snapshot(id: string) {
      const procedure = await load(id);
      const steps = (await stepsOf([id])).map(stepView);
      return { procedure, definition: { name: procedure.name, description: procedure.description ?? null, version: procedure.version, steps } };
    },
  };
}
