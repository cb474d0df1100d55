import type { ProcedureRecord, ProcedureStepFields, ProcedureStepRecord, ProcedureStore } from '../../shared/db/access/procedures.ts';
import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import { isFixedDestination, sameDestination } from '../../shared/delivery/destination.ts';
import { redactHeaderValues, sealSecretHeaders } from '../../shared/delivery/secret-headers.ts';
import { hasPermission } from '../../shared/domain/permissions.ts';
import { stepDefinition, type StepInput } from '../../shared/domain/procedure.ts';
import { AppError, NotFoundError, ValidationError, type FieldError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ProcedureStepView, ProcedureView } from '../schemas/procedure.schemas.ts';

type HttpHeaders = { headers?: Record<string, string>; secret_headers?: Record<string, string> };

/** A step as a caller sees it: secret headers redacted, plain header values too unless it may edit. */
const stepView = (step: ProcedureStepRecord, mayEdit: boolean): ProcedureStepView => {
  // The stored config was validated against its type's schema on write.
  const definition = stepDefinition(step) as ProcedureStepView;
  if (step.type !== 'http') return definition;
  const { headers, secret_headers: secretHeaders, ...rest } = step.config as Record<string, unknown> & HttpHeaders;
  return {
    ...definition,
    config: {
      ...rest,
      ...(headers !== undefined ? { headers: mayEdit ? headers : redactHeaderValues(headers) } : {}),
      ...(secretHeaders !== undefined ? { secret_headers: redactHeaderValues(secretHeaders) } : {}),
    } as ProcedureStepView['config'],
  };
};

/** `auth` absent: the caller just wrote the procedure, so it may edit it. */
export const procedureView = (procedure: ProcedureRecord, steps: ProcedureStepRecord[], auth?: AuthContext): ProcedureView => ({
  id: procedure.id,
  name: procedure.name,
  description: procedure.description,
  tags: procedure.tags,
  version: procedure.version,
  steps: [...steps]
    .sort((a, b) => a.position - b.position)
    .map((step) => stepView(step, auth === undefined || hasPermission(auth.permissions, 'procedures:update'))),
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
export function createProcedureService(deps: { procedures: () => ProcedureStore; secretBox: SecretBox }) {
  const load = async (organizationId: string, id: string) => {
    const procedure = await deps.procedures().find(organizationId, id);
    if (!procedure) throw new NotFoundError('Procedure');
    return procedure;
  };

  /**
   * An http step's config with its secret headers sealed: REDACTED (or omitted) ones are kept from
   * the stored step only while its URL reaches the same scheme, host and port.
   */
  const sealedStepConfig = (
    input: StepInput,
    kept: ProcedureStepRecord | undefined,
    index: number,
  ): { config: Record<string, unknown> } | { errors: FieldError[] } => {
    const config = input.config as Record<string, unknown> & HttpHeaders & { url?: string };
    if (input.type !== 'http') return { config };
    const { secret_headers: secretHeaders, ...rest } = config;
    const storedConfig = kept?.type === 'http' ? (kept.config as HttpHeaders & { url?: string }) : undefined;
    const outcome = sealSecretHeaders(
      secretHeaders,
      storedConfig?.secret_headers,
      (plain) => deps.secretBox.encrypt(plain),
      sameDestination(storedConfig?.url, config.url),
    );
    if (!outcome.ok) {
      return {
        errors: outcome.refused.map(({ name, message }) => ({ path: `body.steps.${index}.config.secret_headers.${name}`, message })),
      };
    }
    // The worker renders parameters into the URL: a placeholder in the host would let whoever
    // starts an execution choose where the secrets go.
    if (outcome.sealed && !isFixedDestination(config.url)) {
      return {
        errors: [
          {
            path: `body.steps.${index}.config.url`,
            message: 'A step with secret headers needs a fixed scheme, host and port: placeholders may appear in the path and query only',
          },
        ],
      };
    }
    return { config: outcome.sealed ? { ...rest, secret_headers: outcome.sealed } : rest };
  };

  /** A procedure's new steps, checked and sealed; a step sent with an existing step's id keeps it. */
  const plannedSteps = (existing: ProcedureStepRecord[], inputs: StepInput[]): ProcedureStepFields[] => {
    const byId = new Map(existing.map((step) => [step.id, step]));
    const unknown = inputs.findIndex((input) => input.id && !byId.has(input.id));
    if (unknown >= 0) throw new AppError('NOT_FOUND', `steps.${unknown}.id: not a step of this procedure`);
    const seen = new Set<string>();
    const duplicate = inputs.flatMap((input, index) => {
      if (!input.id) return [];
      if (seen.has(input.id)) return [{ path: `body.steps.${index}.id`, message: 'Step id used twice' }];
      seen.add(input.id);
      return [];
    });
    if (duplicate.length > 0) throw new ValidationError(duplicate);
    const configs = inputs.map((input, index) => sealedStepConfig(input, input.id ? byId.get(input.id) : undefined, index));
    const unsealable = configs.flatMap((config) => ('errors' in config ? config.errors : []));
    if (unsealable.length > 0) throw new ValidationError(unsealable);
    return inputs.map((input, position) => ({
      ...(input.id ? { id: input.id } : {}),
      name: input.name,
      description: input.description ?? null,
      type: input.type,
      config: (configs[position] as { config: Record<string, unknown> }).config,
    }));
  };

  return {
    async list(auth: AuthContext, query: { limit: number; offset: number; tag?: string }) {
      const procedures = deps.procedures();
      const { items, total } = await procedures.list(auth.organizationId, query);
      const steps = await procedures.stepsOf(
        auth.organizationId,
        items.map((item) => item.id),
      );
      return {
        items: items.map((item) =>
          procedureView(
            item,
            steps.filter((step) => step.procedureId === item.id),
            auth,
          ),
        ),
        total,
      };
    },

    async create(auth: AuthContext, input: ProcedureInput) {
      // A new procedure has no steps to keep: ids sent with its steps name nothing and are ignored.
      const steps = plannedSteps(
        [],
        input.steps.map(({ id: _id, ...step }) => step as StepInput),
      );
      const created = await deps
        .procedures()
        .insert(auth.organizationId, { name: input.name, description: input.description ?? null, tags: input.tags }, steps);
      return procedureView(created.procedure, created.steps);
    },

    async get(auth: AuthContext, id: string) {
      const procedure = await load(auth.organizationId, id);
      return procedureView(procedure, await deps.procedures().stepsOf(auth.organizationId, [id]), auth);
    },

    async update(auth: AuthContext, id: string, input: Partial<ProcedureInput>) {
      const procedures = deps.procedures();
      await load(auth.organizationId, id);
      const steps = input.steps !== undefined ? plannedSteps(await procedures.stepsOf(auth.organizationId, [id]), input.steps) : undefined;
      const updated = await procedures.update(
        auth.organizationId,
        id,
        { name: input.name, ...(input.description !== undefined ? { description: input.description } : {}), tags: input.tags },
        steps,
      );
      if (!updated) throw new NotFoundError('Procedure');
      return procedureView(updated.procedure, updated.steps);
    },

    /** Deletes the definition; executions keep their snapshot and stay readable. */
    async remove(auth: AuthContext, id: string) {
      await load(auth.organizationId, id);
      await deps.procedures().remove(auth.organizationId, id);
    },

    /** The current definition, as an execution freezes it. */
    async snapshot(organizationId: string, id: string) {
      const procedure = await load(organizationId, id);
      const steps = (await deps.procedures().stepsOf(organizationId, [id])).map(stepDefinition);
      return {
        procedure,
        definition: { name: procedure.name, description: procedure.description, version: procedure.version, steps },
      };
    },
  };
}
