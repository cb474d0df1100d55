import type { Client } from '@temporalio/client';
import { createAuditService } from '../../api/services/audit.service.ts';
import { createChannelActionService } from '../../api/services/channel-action.service.ts';
import { createEscalationControl } from '../../api/services/escalation-signals.ts';
import { createIncidentEscalationService } from '../../api/services/incident-escalation.service.ts';
import { createIncidentService } from '../../api/services/incident.service.ts';
import { notifyIngestionOfResolution } from '../../api/services/ingestion-signals.ts';
import { ormContext } from '../../api/middleware/orm-context.ts';
import type { Config } from '../../shared/config.ts';
import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import { createChannelActionStore } from '../../shared/db/access/channel-actions.ts';
import { identityUser } from '../../shared/db/access/channel-identities.ts';
import { createAuditEventStore } from '../../shared/db/access/audit-events.ts';
import { createIncidentStore } from '../../shared/db/access/incidents.ts';
import { createIncidentEscalationStore } from '../../shared/db/access/incident-escalations.ts';
import { createMatrixSyncStateStore } from '../../shared/db/access/matrix-sync-state.ts';
import { memberName } from '../../shared/db/access/users.ts';
import type { Orm } from '../../shared/db/orm.ts';
import type { Logger } from '../../shared/logger.ts';
import { createOutboundHttp } from '../../shared/net/outbound-http.ts';
import type { ChannelActionResult } from '../../shared/paging/channel.ts';
import { createChannelLinks } from '../../shared/paging/channel-link-token.ts';
import type { MatrixInboundDeps } from './matrix-inbound.ts';
import { startMatrixSync } from './sync-supervisor.ts';

/**
 * The core's channel action service, built in the worker as the API builds it, each action in a
 * unit of work of its own (as a request is): replies and reactions read by the Matrix bot act
 * exactly as the API's channel routes do.
 */
function matrixInboundDeps(
  config: Config,
  options: { orm: Orm; temporal: Client; taskQueue: string; encryptionKey: string; logger: Logger },
): MatrixInboundDeps {
  const em = () => options.orm.em;
  const temporal = { client: options.temporal, taskQueue: options.taskQueue, close: async () => undefined };
  const actions = createChannelActionService({
    channelActions: () => createChannelActionStore(em()),
    incidents: createIncidentService({
      incidents: () => createIncidentStore(em()),
      onResolved: (incident) => notifyIngestionOfResolution(temporal, incident, options.logger),
    }),
    escalations: createIncidentEscalationService({
      escalations: () => createIncidentEscalationStore(em()),
      control: createEscalationControl(temporal),
    }),
    audit: createAuditService({ auditEvents: () => createAuditEventStore(em()) }),
  });
  const unitOfWork = ormContext(options.orm);
  const links = createChannelLinks({ encryptionKey: options.encryptionKey, publicUrl: config.publicUrl });
  return {
    async apply(request) {
      let result: ChannelActionResult | undefined;
      await unitOfWork({} as never, async () => {
        result = await actions.apply(request);
      });
      return result as ChannelActionResult;
    },
    identityUser: (organizationId, matrixUserId) => identityUser(options.orm.em.fork(), organizationId, 'matrix', matrixUserId),
    memberName: async (organizationId, userId) => (await memberName(options.orm.em.fork(), organizationId, userId)) ?? null,
    linkUrl: (organizationId, matrixUserId) =>
      links.createChannelLinkToken({ organizationId, kind: 'matrix', externalId: matrixUserId, externalName: matrixUserId }),
  };
}

/** The Matrix bots' sync loops beside the worker (one per organization with a Matrix connection). */
export function startWorkerMatrixSync(
  config: Config,
  options: { orm: Orm; temporal: Client; taskQueue: string; encryptionKey: string; secretBox: SecretBox; logger: Logger },
): { stop(): Promise<void> } {
  return startMatrixSync({
    state: createMatrixSyncStateStore(() => options.orm.em),
    secretBox: options.secretBox,
    // The homeserver is the organization's: the same guard as webhooks, with room for sync answers.
    http: createOutboundHttp({
      allowPrivate: config.OUTBOUND_ALLOW_PRIVATE,
      allowedHosts: config.OUTBOUND_ALLOWED_HOSTS,
      maxResponseBytes: 8 * 1024 * 1024,
      userAgent: 'Tocsin-Matrix/1.0',
    }),
    inbound: matrixInboundDeps(config, options),
    logger: options.logger,
    // Connections changed are noticed at once; without DATABASE_URL (embedded database) at the next scan.
    listen: config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : undefined,
  });
}
