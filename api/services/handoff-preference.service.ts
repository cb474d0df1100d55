import type { HandoffPreferenceStore } from '../../shared/db/access/handoff-notices.ts';
import type { AuthContext } from '../auth-context.ts';
import type { HandoffPreferencesView } from '../schemas/schedule-swap.schemas.ts';

export type HandoffPreferenceService = ReturnType<typeof createHandoffPreferenceService>;

/** Each member's choice of handoff notices; a change has the organization's notices planned again. */
export function createHandoffPreferenceService(deps: {
  preferences: () => HandoffPreferenceStore;
  /** Signals the organization's handoff-notice workflow (absent: it plans again on its own within hours). */
  replan?: (organizationId: string) => Promise<void>;
}) {
  const view = (preference: { noticeMinutes: number | null; notifyOnShiftEnd: boolean }): HandoffPreferencesView => ({
    handoff_notice_minutes: preference.noticeMinutes,
    notify_on_shift_end: preference.notifyOnShiftEnd,
  });
  return {
    async get(auth: AuthContext) {
      return view(await deps.preferences().preferenceOf(auth.organizationId, auth.userId));
    },

    async update(auth: AuthContext, input: { handoff_notice_minutes?: number | null; notify_on_shift_end?: boolean }) {
      const store = deps.preferences();
      const current = await store.preferenceOf(auth.organizationId, auth.userId);
      const next = {
        noticeMinutes: input.handoff_notice_minutes !== undefined ? input.handoff_notice_minutes : current.noticeMinutes,
        notifyOnShiftEnd: input.notify_on_shift_end ?? current.notifyOnShiftEnd,
      };
      await store.savePreference(auth.organizationId, auth.userId, next);
      await deps.replan?.(auth.organizationId);
      return view(next);
    },
  };
}
