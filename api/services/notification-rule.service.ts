import type { NotificationRuleRow, NotificationRuleStore } from '../../shared/db/access/notification-rules.ts';
import { isoTimestamp } from '../../shared/db/sql-timestamp.ts';
import type { RuleUrgency } from '../../shared/domain/notification-rules.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import { uuidv7 } from '../../shared/uuidv7.ts';
import type { AuthContext } from '../auth-context.ts';
import type { NotificationRuleView } from '../schemas/contact-method.schemas.ts';
import { assertSignedIn, member } from './contact-method.service.ts';

export type NotificationRuleService = ReturnType<typeof createNotificationRuleService>;

const view = (row: NotificationRuleRow): NotificationRuleView => ({
  ...row,
  created_at: isoTimestamp(row.created_at),
  updated_at: isoTimestamp(row.updated_at),
});

/** Each member's own notification rules: which of their contact methods, how long after the page, for which urgency. */
export function createNotificationRuleService(deps: { rules: () => NotificationRuleStore }) {
  const load = async (auth: AuthContext, id: string) => {
    const row = await deps.rules().find(member(auth), id);
    if (!row) throw new NotFoundError('Notification rule');
    return row;
  };

  /** The method must be the caller's own: another member's id is a 422 like an unknown one. */
  const assertOwnMethod = async (auth: AuthContext, contactMethodId: string) => {
    if (!(await deps.rules().isOwnContactMethod(member(auth), contactMethodId)))
      throw new ValidationError([{ path: 'contact_method_id', message: 'not one of your contact methods' }]);
  };

  return {
    async list(auth: AuthContext, query: { limit: number; offset: number }) {
      const rules = deps.rules();
      const rows = await rules.list(member(auth), query);
      return { items: rows.map(view), total: await rules.count(member(auth)) };
    },

    async get(auth: AuthContext, id: string) {
      return view(await load(auth, id));
    },

    async create(auth: AuthContext, input: { contact_method_id: string; delay_minutes: number; urgency: RuleUrgency }) {
      assertSignedIn(auth);
      await assertOwnMethod(auth, input.contact_method_id);
      const rules = deps.rules();
      if ((await rules.count(member(auth))) >= 20) throw new ConflictError('At most 20 notification rules per member');
      const id = uuidv7();
      await rules.insert(member(auth), id, input);
      return view(await load(auth, id));
    },

    async update(auth: AuthContext, id: string, input: { contact_method_id?: string; delay_minutes?: number; urgency?: RuleUrgency }) {
      assertSignedIn(auth);
      const row = await load(auth, id);
      if (input.contact_method_id !== undefined) await assertOwnMethod(auth, input.contact_method_id);
      await deps.rules().update(member(auth), id, {
        contact_method_id: input.contact_method_id ?? row.contact_method_id,
        delay_minutes: input.delay_minutes ?? row.delay_minutes,
        urgency: input.urgency ?? row.urgency,
      });
      return view(await load(auth, id));
    },

    async remove(auth: AuthContext, id: string) {
      assertSignedIn(auth);
      await load(auth, id);
      await deps.rules().remove(member(auth), id);
    },
  };
}
