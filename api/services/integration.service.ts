import type { EntityManager } from '@mikro-orm/core';
import { signatureHeaderName } from '../../shared/alerts/signature.ts';
import { generateOpaqueToken } from '../../shared/auth/api-keys.ts';
import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import { IntegrationSchema, type Integration } from '../../shared/db/entities/index.ts';
import type { Platform } from '../../shared/domain/alert.ts';
import { NotFoundError } from '../../shared/errors.ts';
import type { AuthContext } from '../auth-context.ts';
import { PLATFORM_SETUP } from './platform-setup.ts';

// Senders that support rotation sign with both secrets; the old one keeps working this long.
const PREVIOUS_SECRET_GRACE_MS = 24 * 3600 * 1000;

/** `X-Infra-Monitor-Signature`: the header name as people write it. */
function displayHeaderName(platform: Platform): string {
  return signatureHeaderName(platform).replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
}

export interface IntegrationView {
  id: string;
  name: string;
  platform: Platform;
  status: 'connected' | 'disconnected' | 'error';
  enabled: boolean;
  webhook_url: string;
  signature_header: string;
  webhook_config: Record<string, unknown> | null;
  settings: Record<string, unknown>;
  last_alert_at: string | null;
  created_at: string;
  updated_at: string;
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;

/** Integrations CRUD; secrets are generated or taken once, sealed at rest, and shown only once. */
export function createIntegrationService(deps: {
  em: () => EntityManager;
  secretBox: SecretBox;
  publicUrl: string;
  onChange: (integrationId: string) => void;
}) {
  const view = (integration: Integration): IntegrationView => ({
    id: integration.id,
    name: integration.name,
    platform: integration.platform as Platform,
    status: integration.status as IntegrationView['status'],
    enabled: integration.enabled,
    webhook_url: `${deps.publicUrl}/api/v1/webhooks/${integration.platform}/${integration.id}`,
    signature_header: displayHeaderName(integration.platform as Platform),
    webhook_config: integration.webhookConfig ?? null,
    settings: integration.settings,
    last_alert_at: integration.lastAlertAt?.toISOString() ?? null,
    created_at: integration.createdAt.toISOString(),
    updated_at: integration.updatedAt.toISOString(),
  });

  const load = async (id: string) => {
    const integration = await deps.em().findOne(IntegrationSchema, { id });
    if (!integration) throw new NotFoundError('Integration');
    return integration;
  };

  return {
    view,

    async list(_auth: AuthContext, query: { limit: number; offset: number; platform?: string }) {
      const [items, total] = await deps.em().findAndCount(
        IntegrationSchema,
        query.platform ? { platform: query.platform } : {},
        { orderBy: { createdAt: 'asc' }, limit: query.limit, offset: query.offset },
      );
      return { items: items.map(view), total };
    },

    async create(auth: AuthContext, input: { name: string; platform: Platform; secret?: string; enabled: boolean; webhook_config?: Record<string, unknown> | null; settings: Record<string, unknown> }) {
      const secret = input.secret ?? generateOpaqueToken();
      const em = deps.em();
      const integration = em.create(IntegrationSchema, {
        organization: auth.organizationId,
        name: input.name,
        platform: input.platform,
        enabled: input.enabled,
        secretCiphertext: deps.secretBox.encrypt(secret),
        webhookConfig: input.webhook_config ?? null,
        settings: input.settings,
      });
      await em.flush();
      return { ...view(integration), webhook_secret: secret };
    },

    async get(_auth: AuthContext, id: string) {
      return view(await load(id));
    },

    async update(_auth: AuthContext, id: string, input: { name?: string; enabled?: boolean; webhook_config?: Record<string, unknown> | null; settings?: Record<string, unknown> }) {
      const integration = await load(id);
      if (input.name !== undefined) integration.name = input.name;
      if (input.enabled !== undefined) {
        integration.enabled = input.enabled;
        // Re-enabling after automatic disabling starts a new failure count.
        if (input.enabled) {
          integration.consecutiveFailures = 0;
          if (integration.status === 'error') integration.status = 'disconnected';
        }
      }
      if (input.webhook_config !== undefined) integration.webhookConfig = input.webhook_config;
      if (input.settings !== undefined) integration.settings = input.settings;
      await deps.em().flush();
      deps.onChange(id);
      return view(integration);
    },

    async remove(_auth: AuthContext, id: string) {
      const integration = await load(id);
      await deps.em().remove(integration).flush();
      deps.onChange(id);
    },

    async rotateSecret(_auth: AuthContext, id: string) {
      const integration = await load(id);
      const secret = generateOpaqueToken();
      integration.previousSecretCiphertext = integration.secretCiphertext;
      integration.previousSecretExpiresAt = new Date(Date.now() + PREVIOUS_SECRET_GRACE_MS);
      integration.secretCiphertext = deps.secretBox.encrypt(secret);
      await deps.em().flush();
      deps.onChange(id);
      return { ...view(integration), webhook_secret: secret };
    },

    async platformSetup(_auth: AuthContext, platform: Platform) {
      const integrations = await deps.em().find(IntegrationSchema, { platform }, { orderBy: { createdAt: 'asc' } });
      const setup = PLATFORM_SETUP[platform];
      return {
        platform,
        webhook_url_template: `${deps.publicUrl}/api/v1/webhooks/${platform}/{integration_id}`,
        short_form_url: `${deps.publicUrl}/api/v1/webhooks/${platform}`,
        signature_header: displayHeaderName(platform),
        signature_format: `${platform === 'pager' ? 'v1' : 'sha256'}=<lowercase hex HMAC-SHA256 of the raw body, keyed with the integration secret>`,
        alternative_authentication: 'Authorization: Bearer <integration secret>, for senders that cannot sign; the short form takes X-API-Key with alerts:ingest',
        example_payload: setup.example,
        integrations: integrations.map(view),
      };
    },
  };
}
