import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import type { IntegrationCredentialsStore } from '../../shared/db/access/integrations.ts';
import { isDatabaseConnectionError } from '../../shared/db/connection-errors.ts';

export interface ResolvedIntegration {
  id: string;
  organizationId: string;
  platform: string;
  enabled: boolean;
  /** Current secret first, then the previous one while its grace period lasts. */
  secrets: string[];
  /** generic_json: the template its bodies are mapped by (none: Tocsin's own shape). */
  mappingTemplate: string | null;
}

/**
 * Webhook traffic reads the same integration many times a second: entries are cached briefly
 * (other API processes see changes within `ttlMs`; this one at once through `invalidate`).
 *
 * While PostgreSQL is unreachable (a connection-level error, not a failed statement), an entry
 * loaded successfully within `staleForMs` is served as it was, so senders this process has seen
 * keep being authenticated and their alerts go on into Temporal; older or unknown ones fail as
 * before (503). A change made meanwhile (a rotated secret, a disabled integration) is only seen
 * once the database answers again.
 */
export function createIntegrationLookup(deps: {
  /** A fresh unit of work per load. */
  integrations: () => IntegrationCredentialsStore;
  secretBox: SecretBox;
  ttlMs?: number;
  staleForMs?: number;
  now?: () => number;
}) {
  const ttlMs = deps.ttlMs ?? 10_000;
  const staleForMs = deps.staleForMs ?? 15 * 60_000;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { value: ResolvedIntegration | null; expiresAt: number; loadedAt: number }>();

  async function load(id: string): Promise<ResolvedIntegration | null> {
    // Webhook senders have no organization yet: the integration id is what identifies one.
    const integration = await deps.integrations().findByIdAcrossOrganizations(id);
    if (!integration) return null;
    const secrets = [deps.secretBox.decrypt(integration.secretCiphertext)];
    if (
      integration.previousSecretCiphertext &&
      integration.previousSecretExpiresAt &&
      integration.previousSecretExpiresAt.getTime() > now()
    ) {
      secrets.push(deps.secretBox.decrypt(integration.previousSecretCiphertext));
    }
    return {
      id: integration.id,
      organizationId: integration.organizationId,
      platform: integration.platform,
      enabled: integration.enabled,
      secrets,
      mappingTemplate: integration.mappingTemplate,
    };
  }

  return {
    async get(id: string): Promise<ResolvedIntegration | null> {
      const hit = cache.get(id);
      if (hit && hit.expiresAt > now()) return hit.value;
      let value: ResolvedIntegration | null;
      try {
        value = await load(id);
      } catch (error) {
        if (hit && now() - hit.loadedAt <= staleForMs && isDatabaseConnectionError(error)) return hit.value;
        throw error;
      }
      if (cache.size > 10_000) cache.clear();
      cache.set(id, { value, expiresAt: now() + ttlMs, loadedAt: now() });
      return value;
    },
    invalidate(id: string): void {
      cache.delete(id);
    },
  };
}

export type IntegrationLookup = ReturnType<typeof createIntegrationLookup>;
