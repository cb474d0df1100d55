import type { GroupingSettings } from '../../shared/domain/alert-grouping.ts';
import type { FlappingSettings } from '../../shared/domain/flapping.ts';
import { routingKeyOf } from '../../shared/alerts/routing-key.ts';
import { signatureHeaderName } from '../../shared/alerts/signature.ts';
import { generateOpaqueToken } from '../../shared/auth/api-keys.ts';
import { compileMapping, MappingError } from '../../shared/alerts/json-mapping.ts';
import { judgeMappedAlerts, judgeVerdicts } from '../../shared/alerts/parsers/index.ts';
import { AlertPayloadError } from '../../shared/alerts/payload-error.ts';
import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import type { MappingRunner } from '../../shared/isolation/json-mapping.ts';
import type { IntegrationFields, IntegrationRecord, IntegrationStore } from '../../shared/db/access/integrations.ts';
import { sameDestination } from '../../shared/delivery/destination.ts';
import { sendsIntegrationSecretElsewhere } from '../../shared/delivery/integration-secret-destination.ts';
import { redactHeaderValues, sealSecretHeaders } from '../../shared/delivery/secret-headers.ts';
import type { NormalizedAlert, Platform } from '../../shared/domain/alert.ts';
import { hasPermission } from '../../shared/domain/permissions.ts';
import { InsufficientPermissionsError, NotFoundError, ValidationError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import type { IntegrationView, WebhookConfigView } from '../schemas/integration.schemas.ts';
import { PLATFORM_SETUP } from './platform-setup.ts';
import type { PlanQuota } from './plan-quota.ts';

// Senders that support rotation sign with both secrets; the old one keeps working this long.
const PREVIOUS_SECRET_GRACE_MS = 24 * 3600 * 1000;

/** `X-Infra-Monitor-Signature`: the header name as people write it. */
function displayHeaderName(platform: Platform): string {
  return signatureHeaderName(platform).replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
}

/** A `pager` integration also takes PagerDuty's Events API v2: its routing key, shown with its secret. */
const eventsRoutingKey = (integration: Pick<IntegrationRecord, 'id' | 'platform'>, secret: string): { routing_key?: string } =>
  integration.platform === 'pager' ? { routing_key: routingKeyOf(integration.id, secret) } : {};

export type IntegrationService = ReturnType<typeof createIntegrationService>;

/** A template to store: generic_json only, and compiled first (422 naming the position otherwise). */
function checkedTemplate(platform: Platform, template: string | null | undefined): string | null {
  if (template === undefined || template === null) return null;
  if (platform !== 'generic_json') {
    throw new ValidationError([{ path: 'body.mapping_template', message: 'only generic_json integrations take a mapping template' }]);
  }
  try {
    compileMapping(template);
  } catch (error) {
    if (error instanceof MappingError) throw new ValidationError([{ path: 'body.mapping_template', message: error.message }]);
    throw error;
  }
  return template;
}

type WebhookConfigInput = Record<string, unknown> & { headers?: Record<string, string>; secret_headers?: Record<string, string> };

/**
 * The webhook_config a caller may see: secret headers always redacted, plain header values too for
 * callers who cannot edit the integration (a viewer has no business reading a receiver's token).
 */
function webhookConfigView(config: Record<string, unknown> | null, mayEdit: boolean): WebhookConfigView | null {
  if (!config) return null;
  // Stored as validated by WebhookConfigSchema on write (which defaults `headers` to {}).
  const { headers = {}, secret_headers: secretHeaders, ...rest } = config as WebhookConfigView;
  return {
    ...rest,
    headers: mayEdit ? headers : (redactHeaderValues(headers) ?? {}),
    ...(secretHeaders !== undefined ? { secret_headers: redactHeaderValues(secretHeaders) } : {}),
  };
}

/** A mapped alert as test-mapping shows it. */
const mappedAlertView = (alert: NormalizedAlert) => ({
  title: alert.title,
  severity: alert.severity,
  status: alert.status,
  fingerprint: alert.externalId ?? alert.dedupKey,
  dedup_key: alert.dedupKey,
  labels: alert.labels,
  description: alert.description,
});

/** Integrations CRUD; secrets are generated or taken once, sealed at rest, and shown only once. */
export function createIntegrationService(deps: {
  integrations: () => IntegrationStore;
  secretBox: SecretBox;
  publicUrl: string;
  onChange: (integrationId: string) => void;
  quota: Pick<PlanQuota, 'reserve'>;
  /** Evaluates mapping templates off the event loop (test-mapping). */
  mappings: MappingRunner;
}) {
  /** `auth` absent: the caller just wrote the integration, so it may edit it. */
  const view = (integration: IntegrationRecord, auth?: AuthContext): IntegrationView => ({
    id: integration.id,
    name: integration.name,
    platform: integration.platform,
    status: integration.status,
    enabled: integration.enabled,
    outbound_paused: integration.deliveriesPausedAt != null,
    deliveries_paused_at: integration.deliveriesPausedAt?.toISOString() ?? null,
    webhook_url: `${deps.publicUrl}/api/v1/webhooks/${integration.platform}/${integration.id}`,
    signature_header: displayHeaderName(integration.platform),
    webhook_config: webhookConfigView(
      integration.webhookConfig ?? null,
      auth === undefined || hasPermission(auth.permissions, 'integrations:update'),
    ),
    settings: integration.settings,
    mapping_template: integration.mappingTemplate ?? null,
    escalation_policy_id: integration.escalationPolicyId ?? null,
    grouping: integration.grouping ?? null,
    flapping: integration.flapping ?? null,
    reopen_window_minutes: integration.reopenWindowMinutes ?? null,
    team_id: integration.teamId ?? null,
    last_alert_at: integration.lastAlertAt?.toISOString() ?? null,
    created_at: integration.createdAt.toISOString(),
    updated_at: integration.updatedAt.toISOString(),
  });

  /**
   * The config to store: secret header values sealed, REDACTED (or omitted) ones kept from `stored`
   * only while the URL reaches the same scheme, host and port.
   */
  const sealedConfig = (
    input: Record<string, unknown> | null | undefined,
    stored: Record<string, unknown> | null,
  ): Record<string, unknown> | null => {
    if (!input) return null;
    const { secret_headers: secretHeaders, ...rest } = input as WebhookConfigInput;
    const before = stored as (WebhookConfigInput & { url?: string }) | null;
    const outcome = sealSecretHeaders(
      secretHeaders,
      before?.secret_headers,
      (plain) => deps.secretBox.encrypt(plain),
      sameDestination(before?.url, input.url as string | undefined),
    );
    if (!outcome.ok) {
      throw new ValidationError(
        outcome.refused.map(({ name, message }) => ({ path: `body.webhook_config.secret_headers.${name}`, message })),
      );
    }
    return outcome.sealed ? { ...rest, secret_headers: outcome.sealed } : rest;
  };

  /** A named policy must be one of the organization's: 422 otherwise. */
  const assertPolicy = async (auth: AuthContext, policyId: string | null | undefined) => {
    if (policyId && !(await deps.integrations().hasPolicy(auth.organizationId, policyId))) {
      throw new ValidationError([{ path: 'body.escalation_policy_id', message: 'no such escalation policy in this organization' }]);
    }
  };

  /** A named team must be one of the organization's: 422 otherwise. */
  const assertTeam = async (auth: AuthContext, teamId: string | null | undefined) => {
    if (teamId && !(await deps.integrations().hasTeam(auth.organizationId, teamId))) {
      throw new ValidationError([{ path: 'body.team_id', message: 'no such team in this organization' }]);
    }
  };

  const mapSample = async (template: string, sample: unknown) => {
    try {
      const { accepted, rejected } = judgeVerdicts(judgeMappedAlerts(await deps.mappings.evaluate(template, sample)));
      return { alerts: accepted.map(({ alert }) => mappedAlertView(alert)), rejected, error: null };
    } catch (error) {
      if (error instanceof MappingError) return { alerts: [], rejected: [], error: { stage: error.stage, ...error.problem } };
      if (error instanceof AlertPayloadError)
        return { alerts: [], rejected: [{ index: 0, field: error.field, reason: error.reason }], error: null };
      throw error;
    }
  };

  const load = async (auth: AuthContext, id: string) => {
    const integration = await deps.integrations().find(auth.organizationId, id);
    if (!integration) throw new NotFoundError('Integration');
    return integration;
  };

  /** An integration loaded by this request, changed; gone meanwhile is 404. */
  const written = (integration: IntegrationRecord | undefined) => {
    if (!integration) throw new NotFoundError('Integration');
    return integration;
  };

  return {
    view,

    async list(auth: AuthContext, query: { limit: number; offset: number; platform?: Platform; team_id?: string }) {
      const { items, total } = await deps.integrations().list(auth.organizationId, {
        limit: query.limit,
        offset: query.offset,
        ...(query.platform ? { platform: query.platform } : {}),
        ...(query.team_id ? { teamId: query.team_id } : {}),
      });
      return { items: items.map((item) => view(item, auth)), total };
    },

    async create(
      auth: AuthContext,
      input: {
        name: string;
        platform: Platform;
        secret?: string;
        enabled: boolean;
        webhook_config?: Record<string, unknown> | null;
        settings: Record<string, unknown>;
        mapping_template?: string | null;
        escalation_policy_id?: string | null;
        grouping?: GroupingSettings | null;
        flapping?: FlappingSettings | null;
        reopen_window_minutes?: number | null;
        team_id?: string | null;
      },
    ) {
      const mappingTemplate = checkedTemplate(input.platform, input.mapping_template);
      await assertPolicy(auth, input.escalation_policy_id);
      await assertTeam(auth, input.team_id);
      const secret = input.secret ?? generateOpaqueToken();
      const integration = await deps
        .integrations()
        .insertReserving(auth.organizationId, (quotaUnit) => deps.quota.reserve(quotaUnit, auth.organizationId, 'integrations'), {
          name: input.name,
          platform: input.platform,
          enabled: input.enabled,
          secretCiphertext: deps.secretBox.encrypt(secret),
          webhookConfig: sealedConfig(input.webhook_config, null),
          settings: input.settings,
          mappingTemplate,
          escalationPolicyId: input.escalation_policy_id ?? null,
          grouping: input.grouping ?? null,
          flapping: input.flapping ?? null,
          reopenWindowMinutes: input.reopen_window_minutes ?? null,
          teamId: input.team_id ?? null,
        });
      return { ...view(integration), webhook_secret: secret, ...eventsRoutingKey(integration, secret) };
    },

    async get(auth: AuthContext, id: string) {
      return view(await load(auth, id), auth);
    },

    async update(
      auth: AuthContext,
      id: string,
      input: {
        name?: string;
        enabled?: boolean;
        outbound_paused?: boolean;
        webhook_config?: Record<string, unknown> | null;
        settings?: Record<string, unknown>;
        mapping_template?: string | null;
        escalation_policy_id?: string | null;
        grouping?: GroupingSettings | null;
        flapping?: FlappingSettings | null;
        reopen_window_minutes?: number | null;
        team_id?: string | null;
      },
    ) {
      const integration = await load(auth, id);
      await assertTeam(auth, input.team_id);
      const changes: Partial<IntegrationFields> = {
        teamId: input.team_id,
        grouping: input.grouping,
        flapping: input.flapping,
        reopenWindowMinutes: input.reopen_window_minutes,
      };
      if (input.mapping_template !== undefined) changes.mappingTemplate = checkedTemplate(integration.platform, input.mapping_template);
      await assertPolicy(auth, input.escalation_policy_id);
      Object.assign(changes, { escalationPolicyId: input.escalation_policy_id, name: input.name, enabled: input.enabled });
      if (input.outbound_paused === true && !integration.deliveriesPausedAt) {
        Object.assign(changes, { deliveriesPausedAt: new Date(), status: 'error' });
      } else if (input.outbound_paused === false && integration.deliveriesPausedAt) {
        // Resuming starts a new failure count.
        Object.assign(changes, {
          deliveriesPausedAt: null,
          consecutiveFailures: 0,
          status: integration.lastAlertAt ? 'connected' : 'disconnected',
        });
      }
      // `integrations:update` alone could otherwise aim `{{integration.secret}}` at its own receiver.
      if (
        input.webhook_config !== undefined &&
        sendsIntegrationSecretElsewhere(integration.webhookConfig, input.webhook_config) &&
        !hasPermission(auth.permissions, 'integrations:*')
      )
        throw new InsufficientPermissionsError('integrations:*');
      if (input.webhook_config !== undefined) changes.webhookConfig = sealedConfig(input.webhook_config, integration.webhookConfig);
      changes.settings = input.settings;
      const updated = written(await deps.integrations().update(auth.organizationId, id, changes));
      deps.onChange(id);
      return view(updated);
    },

    /** What `template` makes of `sample`: the alerts, the refused objects, or why it produced nothing. */
    testMapping: (template: string, sample: unknown) => mapSample(template, sample),

    /** As testMapping, with the integration's stored template unless another is given. */
    async testIntegrationMapping(auth: AuthContext, id: string, input: { template?: string; sample?: unknown }) {
      const integration = await load(auth, id);
      if (integration.platform !== 'generic_json') {
        throw new ValidationError([{ path: 'params.id', message: 'only generic_json integrations map bodies with a template' }]);
      }
      const template = input.template ?? integration.mappingTemplate;
      if (!template) throw new ValidationError([{ path: 'body.template', message: 'the integration has no mapping template; send one' }]);
      return mapSample(template, input.sample);
    },

    async remove(auth: AuthContext, id: string) {
      await load(auth, id);
      await deps.integrations().remove(auth.organizationId, id);
      deps.onChange(id);
    },

    async rotateSecret(auth: AuthContext, id: string) {
      await load(auth, id);
      const secret = generateOpaqueToken();
      const integration = written(
        await deps.integrations().rotateSecret(auth.organizationId, id, {
          secretCiphertext: deps.secretBox.encrypt(secret),
          previousExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_GRACE_MS),
        }),
      );
      deps.onChange(id);
      return { ...view(integration), webhook_secret: secret, ...eventsRoutingKey(integration, secret) };
    },

    async platformSetup(auth: AuthContext, platform: Platform) {
      const integrations = await deps.integrations().ofPlatform(auth.organizationId, platform);
      const setup = PLATFORM_SETUP[platform];
      return {
        platform,
        webhook_url_template: `${deps.publicUrl}/api/v1/webhooks/${platform}/{integration_id}`,
        short_form_url: `${deps.publicUrl}/api/v1/webhooks/${platform}`,
        signature_header: displayHeaderName(platform),
        signature_format: `${platform === 'pager' ? 'v1' : 'sha256'}=<lowercase hex HMAC-SHA256 of the raw body, keyed with the integration secret>`,
        alternative_authentication:
          'Authorization: Bearer <integration secret>, for senders that cannot sign; the short form takes X-API-Key with alerts:ingest',
        example_payload: setup.example,
        integrations: integrations.map((item) => view(item, auth)),
      };
    },
  };
}
