import { raw, type EntityManager } from '@mikro-orm/core';
import type { StepType } from '../../domain/procedure.ts';
import { ProcedureEntity, ProcedureStepEntity, type Procedure, type ProcedureStep } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** A filter for procedure queries: the procedures whose tags include `tag`. */
export function procedureTaggedWith(tag: string): Record<string, unknown> {
  return { [raw((alias) => `${alias}.tags @> ?::jsonb`, [JSON.stringify([tag])])]: true };
}

/** A runbook as stored. */
export interface ProcedureRecord {
  id: string;
  name: string;
  description: string | null;
  tags: string[];
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A step of a runbook as stored, sealed secret headers included. */
export interface ProcedureStepRecord {
  id: string;
  procedureId: string;
  position: number;
  name: string;
  description: string | null;
  type: StepType;
  config: Record<string, unknown>;
}

export type ProcedureFields = Pick<ProcedureRecord, 'name' | 'description' | 'tags'>;
/** A step to store, at its position in the list; with `id`, the existing step it keeps. */
export type ProcedureStepFields = Pick<ProcedureStepRecord, 'name' | 'description' | 'type' | 'config'> & { id?: string };

/** Every read and write is confined to the organization given. */
export interface ProcedureStore {
  /** Newest first; with `tag`, those tagged with it. */
  list(organizationId: string, page: { limit: number; offset: number; tag?: string }): Promise<{ items: ProcedureRecord[]; total: number }>;
  find(organizationId: string, id: string): Promise<ProcedureRecord | undefined>;
  /** The procedures' steps by position. */
  stepsOf(organizationId: string, procedureIds: readonly string[]): Promise<ProcedureStepRecord[]>;
  insert(
    organizationId: string,
    fields: ProcedureFields,
    steps: readonly ProcedureStepFields[],
  ): Promise<{ procedure: ProcedureRecord; steps: ProcedureStepRecord[] }>;
  /**
   * In one transaction: changes the fields, counts a new version and, with `steps`, makes them the
   * procedure's steps (a step with an existing step's id keeps it; the others go). Undefined when none.
   */
  update(
    organizationId: string,
    id: string,
    changes: Partial<ProcedureFields>,
    steps?: readonly ProcedureStepFields[],
  ): Promise<{ procedure: ProcedureRecord; steps: ProcedureStepRecord[] } | undefined>;
  /** Deletes the procedure and its steps (executions keep their snapshot). */
  remove(organizationId: string, id: string): Promise<void>;
}

const procedureRecord = (procedure: Procedure): ProcedureRecord => ({
  id: procedure.id,
  name: procedure.name,
  description: procedure.description ?? null,
  tags: procedure.tags,
  version: procedure.version,
  createdAt: procedure.createdAt,
  updatedAt: procedure.updatedAt,
});

const stepRecord = (step: ProcedureStep): ProcedureStepRecord => ({
  id: step.id,
  procedureId: step.procedure.id,
  position: step.position,
  name: step.name,
  description: step.description ?? null,
  type: step.type,
  config: step.config,
});

/** Organizations' runbooks (`procedures`) and their ordered steps (`procedure_steps`). */
export function createProcedureStore(em: EntityManager): ProcedureStore {
  const findSteps = (tx: EntityManager, organizationId: string, procedureIds: readonly string[]) =>
    procedureIds.length === 0
      ? Promise.resolve([])
      : tx.find(
          ProcedureStepEntity,
          { procedure: { $in: [...procedureIds] }, organization: organizationId },
          { ...unscoped, orderBy: { position: 'asc' } },
        );
  /** Stages the steps in `tx`: kept ones updated, the others of `existing` removed, new ones created. */
  const replaceSteps = (tx: EntityManager, procedure: Procedure, existing: ProcedureStep[], inputs: readonly ProcedureStepFields[]) => {
    const byId = new Map(existing.map((step) => [step.id, step]));
    const keep = new Set(inputs.flatMap((input) => (input.id ? [input.id] : [])));
    for (const step of existing) if (!keep.has(step.id)) tx.remove(step);
    return inputs.map(({ id, ...input }, position) => {
      const fields = { position, ...input };
      const kept = id ? byId.get(id) : undefined;
      if (kept) return Object.assign(kept, fields);
      return tx.create(ProcedureStepEntity, { organization: procedure.organization, procedure, ...fields });
    });
  };
  return {
    async list(organizationId, page) {
      const where: Record<string, unknown> = { organization: organizationId };
      if (page.tag) Object.assign(where, procedureTaggedWith(page.tag));
      const [items, total] = await em.findAndCount(ProcedureEntity, where, {
        ...unscoped,
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: page.limit,
        offset: page.offset,
      });
      return { items: items.map(procedureRecord), total };
    },

    async find(organizationId, id) {
      const procedure = await em.findOne(ProcedureEntity, { id, organization: organizationId }, unscoped);
      return procedure ? procedureRecord(procedure) : undefined;
    },

    async stepsOf(organizationId, procedureIds) {
      return (await findSteps(em, organizationId, procedureIds)).map(stepRecord);
    },

    async insert(organizationId, fields, steps) {
      const procedure = em.create(ProcedureEntity, { organization: organizationId, ...fields });
      const created = replaceSteps(em, procedure, [], steps);
      await em.flush();
      return { procedure: procedureRecord(procedure), steps: created.map(stepRecord) };
    },

    update: (organizationId, id, changes, steps) =>
      em.transactional(async (tx) => {
        const procedure = await tx.findOne(ProcedureEntity, { id, organization: organizationId }, unscoped);
        if (!procedure) return undefined;
        let rows = await findSteps(tx, organizationId, [id]);
        if (changes.name !== undefined) procedure.name = changes.name;
        if (changes.description !== undefined) procedure.description = changes.description;
        if (changes.tags !== undefined) procedure.tags = changes.tags;
        if (steps !== undefined) rows = replaceSteps(tx, procedure, rows, steps);
        // Running executions keep their snapshot; the version tells which definition a run used.
        procedure.version += 1;
        await tx.flush();
        return { procedure: procedureRecord(procedure), steps: rows.map(stepRecord) };
      }),

    async remove(organizationId, id) {
      await em.nativeDelete(ProcedureEntity, { id, organization: organizationId }, unscoped);
    },
  };
}
