import type { PageLinkRow, PageLinkStore } from '../../shared/db/access/page-links.ts';
import { hasPermission, isRole, ROLE_PERMISSIONS } from '../../shared/domain/permissions.ts';
import type { PageLinkAction, PageLinkClaims, PageLinkSigner } from '../../shared/paging/page-link-token.ts';
import type { AuthContext } from '../auth-context.ts';
import type { AuditEventInput, AuditService } from './audit.service.ts';
import type { IncidentService } from './incident.service.ts';

export type PageLinkService = ReturnType<typeof createPageLinkService>;

/** What a link names, when it is good: the incident and the member it was mailed to. */
export interface PageLinkTarget {
  claims: PageLinkClaims;
  incident: PageLinkRow['incident'];
  used: boolean;
}

/** Why a link does nothing: 404 unknown or forged, 410 expired or already used (or its member left). */
export type PageLinkRefusal = { status: 403 | 404 | 410; reason: string };

export type PageLinkOutcome = { ok: true; target: PageLinkTarget; message: string } | { ok: false; refusal: PageLinkRefusal };

/** Who asked, for the audit record of a redeemed link. */
export interface PageLinkRequest {
  method: string;
  path: string;
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}

const DONE: Record<PageLinkAction, string> = { acknowledge: 'acknowledged', resolve: 'resolved' };

/**
 * The one-click links of page mails. Reading a link (GET) changes nothing, so mail scanners that
 * follow links cannot acknowledge; redeeming it (POST) acknowledges or resolves as the member it
 * was mailed to, once: the redemption row is claimed first, atomically.
 */
export function createPageLinkService(deps: {
  pageLinks: () => PageLinkStore;
  signer: PageLinkSigner;
  incidents: Pick<IncidentService, 'update'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const inspect = async (token: string): Promise<{ target: PageLinkTarget } | { refusal: PageLinkRefusal }> => {
    const checked = deps.signer.verify(token, new Date());
    if (!checked.ok) {
      return checked.reason === 'expired'
        ? { refusal: { status: 410, reason: 'This link has expired. Open the incident in Tocsin instead.' } }
        : { refusal: { status: 404, reason: 'This link is not valid.' } };
    }
    const { claims } = checked;
    // Every id of the link must agree with the page row: a link names one page of one member.
    const row = await deps.pageLinks().find(claims);
    if (!row) return { refusal: { status: 404, reason: 'This link is not valid.' } };
    if (!row.member) return { refusal: { status: 410, reason: 'This link belongs to someone no longer in the organization.' } };
    const { used, incident } = row;
    if (used) return { refusal: { status: 410, reason: `This link was already used: the incident was ${DONE[claims.action]} with it.` } };
    return { target: { claims, incident, used } };
  };

  return {
    /** What the link would do; changes nothing. */
    async view(token: string): Promise<PageLinkOutcome> {
      const found = await inspect(token);
      if ('refusal' in found) return { ok: false, refusal: found.refusal };
      return { ok: true, target: found.target, message: '' };
    },

    /**
     * Acknowledges (moves an active incident to `investigating`) or resolves it as the paged member,
     * once per link. The change goes through the incident service, so the timeline, the domain
     * event and the end of the escalation follow as for any other acknowledgement; an audit event
     * records the link's use.
     */
    async redeem(token: string, request: PageLinkRequest): Promise<PageLinkOutcome> {
      const found = await inspect(token);
      if ('refusal' in found) return { ok: false, refusal: found.refusal };
      const { claims, incident } = found.target;
      const pageLinks = deps.pageLinks();
      // The link acts as its member, with the member's role as it is now: a viewer paged by a policy cannot change the incident.
      const role = await pageLinks.memberRole(claims.organizationId, claims.userId);
      const permissions = role !== undefined && isRole(role) ? ROLE_PERMISSIONS[role] : [];
      if (!hasPermission(permissions, 'incidents:update')) {
        return {
          ok: false,
          refusal: { status: 403, reason: 'Your role cannot change incidents: ask an engineer, an admin or the owner.' },
        };
      }
      if (!(await pageLinks.claim(claims))) {
        return {
          ok: false,
          refusal: { status: 410, reason: `This link was already used: the incident was ${DONE[claims.action]} with it.` },
        };
      }
      const auth: AuthContext = {
        kind: 'user',
        organizationId: claims.organizationId,
        userId: claims.userId,
        apiKeyId: null,
        role: role ?? 'viewer',
        permissions,
        tokenId: null,
        tokenExpiresAt: null,
      };
      const wanted = claims.action === 'resolve' ? 'resolved' : 'investigating';
      let message: string;
      // Acknowledging what someone already took (or resolved) changes nothing, and says so.
      if (claims.action === 'acknowledge' && incident.status !== 'active') {
        message = `Nothing to do: the incident is already ${incident.status}.`;
      } else if (incident.status === wanted) {
        message = `Nothing to do: the incident is already ${incident.status}.`;
      } else {
        try {
          await deps.incidents.update(auth, claims.incidentId, { status: wanted });
        } catch (error) {
          // The link was not used after all: it may be tried again.
          await pageLinks.release(claims);
          throw error;
        }
        message = `The incident is ${DONE[claims.action]}.`;
      }
      const event: AuditEventInput = {
        organizationId: claims.organizationId,
        eventType: `incidents.page_link_${claims.action}`,
        action: claims.action === 'resolve' ? 'resolveIncidentByPageLink' : 'acknowledgeIncidentByPageLink',
        method: request.method,
        path: '/page-links/{token}',
        targetType: 'incidents',
        targetId: claims.incidentId,
        actorType: 'user',
        actorUserId: claims.userId,
        actorApiKeyId: null,
        ip: request.ip,
        userAgent: request.userAgent,
        requestId: request.requestId,
        statusCode: 200,
      };
      await deps.audit.record(event);
      return { ok: true, target: { ...found.target, used: true }, message };
    },
  };
}
