import type { AlertTransaction } from '../shared/db/access/alert-transaction.ts';
import type { GroupingRules } from '../shared/db/grouping-rules-cache.ts';
import type { Inhibitor } from '../shared/domain/inhibition.ts';
import type { MuteRules } from '../shared/domain/mute-rules.ts';
import type { Router } from '../shared/domain/routing.ts';
import { releaseInhibitedAlert } from './alert-apply.ts';
import { groupOfAlert } from './alert-batch-context.ts';

/** How far back an inhibited alert still firing is looked for when a source resolves. */
export const RELEASE_LOOKBACK_MS = 24 * 3600 * 1000;

/**
 * After a batch resolved alerts: each inhibited alert whose key still fires (its latest alert,
 * within RELEASE_LOOKBACK_MS) and that no firing source inhibits any longer, nor a silence mutes,
 * joins or opens its incident (releaseInhibitedAlert). In the batch's transaction, after its writes.
 * Returns how many incidents it opened.
 */
export async function releaseInhibitedAlerts(
  unit: AlertTransaction,
  context: { inhibitor: Inhibitor; muteRules: MuteRules; router: Router | null; rules: GroupingRules },
  now: Date = new Date(),
): Promise<number> {
  await unit.flush();
  const candidates = await unit.inhibitedFiringAlerts(new Date(now.getTime() - RELEASE_LOOKBACK_MS));
  if (candidates.length === 0) return 0;
  const active = context.inhibitor.withSources(await unit.firingSourceAlerts());
  let opened = 0;
  for (const candidate of candidates.sort((a, b) => a.key.localeCompare(b.key))) {
    if (active.inhibitedBy(candidate)) continue;
    if (context.muteRules.mutedBy(candidate, now)) continue;
    const grouping = context.rules.integrations.get(candidate.integrationId)?.grouping ?? null;
    const group = groupOfAlert(candidate, context.router, grouping);
    const open = await unit.lockOpenIncidentOfKeyOrGroup(candidate.key, group?.key ?? null);
    const row = await unit.alert(candidate.alertId);
    if (releaseInhibitedAlert(unit, row, open, group, now).created) opened += 1;
    await unit.flush();
  }
  return opened;
}
