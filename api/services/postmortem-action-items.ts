import type { ActionItemRow, PostmortemRow, PostmortemStore } from '../../shared/db/access/postmortems.ts';
import { isoTimestamp as iso } from '../../shared/db/sql-timestamp.ts';
import { NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ActionItemView } from '../schemas/postmortem.schemas.ts';

export const actionItemView = (row: ActionItemRow): ActionItemView => ({
  id: row.id,
  title: row.title,
  owner_id: row.owner_id,
  owner_name: row.owner_name,
  due_date: row.due_date,
  done: row.done,
  done_at: row.done_at === null ? null : iso(row.done_at),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

interface ActionItemInput {
  title?: string;
  owner_id?: string | null;
  due_date?: string | null;
  done?: boolean;
}

/** A postmortem's action items: who does what by when, and whether it is done. */
export function createActionItems(deps: {
  postmortems: () => PostmortemStore;
  /** The incident's postmortem in the caller's organization; 404 when there is none. */
  postmortemOf: (store: PostmortemStore, auth: AuthContext, incidentId: string) => Promise<PostmortemRow>;
}) {
  /** An owner must be a member of the caller's organization: anyone else is 422 naming the field. */
  async function checkOwner(store: PostmortemStore, auth: AuthContext, ownerId: string | null | undefined): Promise<void> {
    if (!ownerId) return;
    if (!(await store.isMember(auth.organizationId, ownerId)))
      throw new ValidationError([{ path: 'body.owner_id', message: 'no such member in this organization' }]);
  }

  async function itemOf(store: PostmortemStore, auth: AuthContext, postmortemId: string, id: string): Promise<ActionItemRow> {
    const row = await store.actionItem(auth.organizationId, postmortemId, id);
    if (!row) throw new NotFoundError('Action item');
    return row;
  }

  return {
    rowsOf(store: PostmortemStore, auth: AuthContext, postmortemId: string): Promise<ActionItemRow[]> {
      return store.actionItems(auth.organizationId, postmortemId);
    },

    async list(auth: AuthContext, incidentId: string): Promise<ActionItemView[]> {
      const store = deps.postmortems();
      const postmortem = await deps.postmortemOf(store, auth, incidentId);
      return (await store.actionItems(auth.organizationId, postmortem.id)).map(actionItemView);
    },

    async get(auth: AuthContext, incidentId: string, id: string): Promise<ActionItemView> {
      const store = deps.postmortems();
      const postmortem = await deps.postmortemOf(store, auth, incidentId);
      return actionItemView(await itemOf(store, auth, postmortem.id, id));
    },

    async add(auth: AuthContext, incidentId: string, input: ActionItemInput & { title: string }): Promise<ActionItemView> {
      const store = deps.postmortems();
      const postmortem = await deps.postmortemOf(store, auth, incidentId);
      await checkOwner(store, auth, input.owner_id);
      const id = await store.insertActionItem(auth.organizationId, postmortem.id, {
        title: input.title,
        ownerId: input.owner_id ?? null,
        dueDate: input.due_date ?? null,
        done: input.done ?? false,
      });
      if (!id) throw new NotFoundError('Postmortem');
      return actionItemView(await itemOf(store, auth, postmortem.id, id));
    },

    /** Changes the fields given, keeping the others. */
    async update(auth: AuthContext, incidentId: string, id: string, input: ActionItemInput): Promise<ActionItemView> {
      const store = deps.postmortems();
      const postmortem = await deps.postmortemOf(store, auth, incidentId);
      const current = await itemOf(store, auth, postmortem.id, id);
      await checkOwner(store, auth, input.owner_id);
      const changed = await store.updateActionItem(auth.organizationId, postmortem.id, id, {
        title: input.title ?? current.title,
        ownerId: input.owner_id === undefined ? current.owner_id : input.owner_id,
        dueDate: input.due_date === undefined ? current.due_date : input.due_date,
        done: input.done ?? current.done,
      });
      if (!changed) throw new NotFoundError('Action item');
      return actionItemView(await itemOf(store, auth, postmortem.id, id));
    },

    async remove(auth: AuthContext, incidentId: string, id: string): Promise<void> {
      const store = deps.postmortems();
      const postmortem = await deps.postmortemOf(store, auth, incidentId);
      if (!(await store.removeActionItem(auth.organizationId, postmortem.id, id))) throw new NotFoundError('Action item');
    },
  };
}
