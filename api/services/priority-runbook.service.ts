import type { PriorityRunbookRow, PriorityRunbookStore } from '../../shared/db/access/priority-runbooks.ts';
import { isoTimestamp } from '../../shared/db/sql-timestamp.ts';
import type { Priority } from '../../shared/domain/priority.ts';
import { AppError, NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { PriorityRunbookView } from '../schemas/priority-runbook.schemas.ts';

export type PriorityRunbookService = ReturnType<typeof createPriorityRunbookService>;

const view = (row: PriorityRunbookRow): PriorityRunbookView => ({
  priority: row.priority,
  procedure_id: row.procedure_id,
  procedure_name: row.procedure_name,
  auto_approve: row.auto_approve,
  resolve_incident: row.resolve_incident,
  created_at: isoTimestamp(row.created_at),
  updated_at: isoTimestamp(row.updated_at),
});

/**
 * An organization's runbook per priority: started by the outbox relay when an incident opens with
 * that priority or is set to it (worker/outbox/remediations.ts), unless its routing rule named one.
 */
export function createPriorityRunbookService(deps: { runbooks: () => PriorityRunbookStore }) {
  return {
    async list(auth: AuthContext): Promise<PriorityRunbookView[]> {
      return (await deps.runbooks().list(auth.organizationId)).map(view);
    },

    async get(auth: AuthContext, priority: Priority): Promise<PriorityRunbookView> {
      const row = await deps.runbooks().find(auth.organizationId, priority);
      if (!row) throw new NotFoundError('Priority runbook');
      return view(row);
    },

    async put(
      auth: AuthContext,
      priority: Priority,
      input: { procedure_id: string; auto_approve: boolean; resolve_incident: boolean },
    ): Promise<PriorityRunbookView> {
      const row = await deps.runbooks().put(auth.organizationId, {
        priority,
        procedureId: input.procedure_id,
        autoApprove: input.auto_approve,
        resolves: input.resolve_incident,
      });
      if (!row) throw new AppError('NOT_FOUND', 'procedure_id: no such procedure in this organization');
      return view(row);
    },

    async remove(auth: AuthContext, priority: Priority): Promise<void> {
      if (!(await deps.runbooks().remove(auth.organizationId, priority))) throw new NotFoundError('Priority runbook');
    },
  };
}
