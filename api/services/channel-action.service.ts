import type { ChannelActionStore } from '../../shared/db/access/channel-actions.ts';
import { AppError } from '../../shared/errors.ts';
import { hasPermission, isRole, ROLE_PERMISSIONS } from '../../shared/domain/permissions.ts';
import {
  isSnoozeAction,
  SNOOZE_SECONDS,
  type ChannelActionRequest,
  type ChannelActionResult,
  type PageAction,
} from '../../shared/paging/channel.ts';
import type { AuthContext } from '../auth-context.ts';
import type { AuditService } from './audit.service.ts';
import type { IncidentEscalationService } from './incident-escalation.service.ts';
import type { IncidentService } from './incident.service.ts';

export type ChannelActionService = ReturnType<typeof createChannelActionService>;

const DONE: Record<PageAction, string> = {
  acknowledge: 'acknowledged',
  resolve: 'resolved',
  escalate: 'escalated',
  snooze_1h: 'snoozed for 1 hour',
  snooze_4h: 'snoozed for 4 hours',
};

/**
 * A second snooze press whose end would fall within this of the current snooze's end is the same
 * press repeated (a double click, a second device): it changes nothing.
 */
const SAME_SNOOZE_MS = 5 * 60_000;
const CHANNEL_NAMES: Record<string, string> = {
  push: 'push',
  sms: 'SMS',
  voice: 'a call',
  slack: 'Slack',
  matrix: 'Matrix',
  email: 'email',
  webhook: 'a webhook',
};

/**
 * Acts on an incident from a channel (a Slack button, an SMS reply, a push action), after the
 * channel verified the vendor's signature: as the linked member, with their role's permissions,
 * through the incident service (timeline, domain event, the escalation stops), audited, once: an
 * action already done answers `unchanged` and says who did it. An unlinked account or a member of
 * another organization is refused and nothing changes.
 */
export function createChannelActionService(deps: {
  channelActions: () => ChannelActionStore;
  incidents: Pick<IncidentService, 'update'>;
  escalations: Pick<IncidentEscalationService, 'escalateNow' | 'snooze'>;
  audit: Pick<AuditService, 'record'>;
}) {
  return {
    async apply(request: ChannelActionRequest): Promise<ChannelActionResult> {
      const via = CHANNEL_NAMES[request.channel] ?? request.channel;
      if (!request.userId) {
        return {
          outcome: 'refused',
          message: `Your ${via} account is not linked to a Tocsin member: link it from the message Tocsin sent you, then try again.`,
        };
      }
      const context = await deps.channelActions().context(request.organizationId, request.incidentId, request.userId);
      if (!context.member) return { outcome: 'refused', message: 'You are not a member of the organization this incident belongs to.' };
      if (!context.incident) return { outcome: 'refused', message: 'This incident no longer exists.' };
      const role = context.member.role;
      const permissions = isRole(role) ? ROLE_PERMISSIONS[role] : [];
      if (!hasPermission(permissions, 'incidents:update')) {
        return { outcome: 'refused', message: 'Your role cannot change incidents: ask an engineer, an admin or the owner.' };
      }
      const { status, lastActor } = context.incident;
      const by = lastActor ? ` by ${lastActor}` : '';
      const auth: AuthContext = {
        kind: 'user',
        organizationId: request.organizationId,
        userId: request.userId,
        apiKeyId: null,
        role,
        permissions,
        tokenId: null,
        tokenExpiresAt: null,
      };
      if (isSnoozeAction(request.action)) {
        // The API's snooze (timeline, the acknowledgement timer): only an acknowledged incident.
        if (status !== 'investigating')
          return {
            outcome: 'unchanged',
            message:
              status === 'active'
                ? 'Nothing to snooze: acknowledge the incident first, then snooze it.'
                : `Nothing to snooze: the incident is already ${status}${by}.`,
          };
        const seconds = SNOOZE_SECONDS[request.action];
        const snoozedUntil = context.incident.snoozedUntil;
        if (snoozedUntil && Math.abs(snoozedUntil.getTime() - (Date.now() + seconds * 1000)) < SAME_SNOOZE_MS)
          return { outcome: 'unchanged', message: `Nothing to do: the incident is already snoozed until ${snoozedUntil.toISOString()}.` };
        try {
          await deps.escalations.snooze(auth, request.incidentId, { duration: seconds });
        } catch (error) {
          // It left `investigating` between the check and the row lock.
          if (error instanceof AppError && error.status === 409)
            return { outcome: 'unchanged', message: 'Nothing to snooze: the incident is no longer acknowledged.' };
          throw error;
        }
      } else if (request.action === 'escalate') {
        if (status !== 'active') return { outcome: 'unchanged', message: `Nothing to escalate: the incident is already ${status}${by}.` };
        try {
          await deps.escalations.escalateNow(auth, request.incidentId);
        } catch (error) {
          if (error instanceof AppError && error.status === 409)
            return { outcome: 'unchanged', message: 'Nothing to escalate: no escalation is running.' };
          throw error;
        }
      } else {
        const wanted: 'resolved' | 'investigating' = request.action === 'resolve' ? 'resolved' : 'investigating';
        if ((request.action === 'acknowledge' && status !== 'active') || status === wanted) {
          return {
            outcome: 'unchanged',
            message: `Nothing to do: the incident was already ${status === 'investigating' ? 'acknowledged' : status}${by}.`,
          };
        }
        await deps.incidents.update(auth, request.incidentId, { status: wanted }, { channel: request.channel });
      }
      // Audit event types and actions are letters only: both snoozes are `snooze` (the timeline has the length).
      const audited = isSnoozeAction(request.action) ? 'snooze' : request.action;
      await deps.audit.record({
        organizationId: request.organizationId,
        eventType: `incidents.channel_${audited}`,
        action: `${audited}IncidentByChannel`,
        method: 'POST',
        path: `/channels/${request.channel}`,
        targetType: 'incidents',
        targetId: request.incidentId,
        actorType: 'user',
        actorUserId: request.userId,
        actorApiKeyId: null,
        ip: null,
        userAgent: `channel:${request.channel}`,
        requestId: request.pageId ?? '',
        statusCode: 200,
      });
      return { outcome: 'done', message: `The incident is ${DONE[request.action]} by ${context.member.name}.` };
    },
  };
}
