import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { IntegrationEntity, type Integration } from '../entities/index.ts';
import { TENANT_FILTER } from '../tenant-filter.ts';
import type { Platform } from '../../domain/alert.ts';

/** The platforms of the organization's enabled integrations whose deliveries are failing (status `error`, or `failingAfter` failures in a row). */
export async function failingPlatforms(em: EntityManager, organizationId: string, failingAfter: number): Promise<string[]> {
  const rows: Array<{ platform: string }> = await em
    .getConnection()
    .execute(
      `select distinct platform from integrations where organization_id = ? and enabled and (status = 'error' or consecutive_failures >= ?)`,
      [organizationId, failingAfter],
    );
  return rows.map((row) => row.platform);
}

/** Answers when PostgreSQL does; throws when it cannot be reached. */
export async function pingDatabase(em: EntityManager): Promise<void> {
  await em.getConnection().execute('select 1');
}

/** What the webhook health reports read: the database's reachability and an organization's failing integrations. */
export interface IntegrationHealthStore {
  /** Answers when PostgreSQL does; throws when it cannot be reached. */
  ping(): Promise<void>;
  /** The organization's failing platforms, as failingPlatforms. */
  failingPlatforms(organizationId: string, failingAfter: number): Promise<string[]>;
}

export function createIntegrationHealthStore(em: EntityManager): IntegrationHealthStore {
  return {
    ping: () => pingDatabase(em),
    failingPlatforms: (organizationId, failingAfter) => failingPlatforms(em, organizationId, failingAfter),
  };
}

/** What authenticates and routes an integration's webhooks; the ciphertexts stay sealed. */
export interface IntegrationCredentialsRecord {
  id: string;
  organizationId: string;
  platform: Integration['platform'];
  enabled: boolean;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | null;
  mappingTemplate: string | null;
}

/** Webhook traffic's reads of an integration, before anyone or any organization is known. */
export interface IntegrationCredentialsStore {
  /** By id in whichever organization: a webhook sender is identified by the integration's id alone. */
  findByIdAcrossOrganizations(id: string): Promise<IntegrationCredentialsRecord | undefined>;
  /** The organization's oldest enabled integration of the platform: where its API key's short-form webhooks go. */
  findOldestEnabledId(organizationId: string, platform: Platform): Promise<string | undefined>;
}

export function createIntegrationCredentialsStore(em: SqlEntityManager): IntegrationCredentialsStore {
  return {
    async findByIdAcrossOrganizations(id) {
      const integration = await em.findOne(IntegrationEntity, { id }, { filters: { [TENANT_FILTER]: false } });
      if (!integration) return undefined;
      return {
        id: integration.id,
        organizationId: integration.organization.id,
        platform: integration.platform,
        enabled: integration.enabled,
        secretCiphertext: integration.secretCiphertext,
        previousSecretCiphertext: integration.previousSecretCiphertext ?? null,
        previousSecretExpiresAt: integration.previousSecretExpiresAt ?? null,
        mappingTemplate: integration.mappingTemplate ?? null,
      };
    },

    async findOldestEnabledId(organizationId, platform) {
      const integration = await em.findOne(
        IntegrationEntity,
        { organization: organizationId, platform, enabled: true },
        { filters: { [TENANT_FILTER]: false }, orderBy: { createdAt: 'asc' }, fields: ['id'] },
      );
      return integration?.id;
    },
  };
}

/**
 * For each event, the organization's enabled, unpaused integrations whose outbound webhook
 * subscribes to its type: events in the order given, each one's integrations oldest first.
 */
export function subscribedIntegrations(
  em: SqlEntityManager,
  events: ReadonlyArray<{ id: string; organization_id: string; type: string }>,
): Promise<Array<{ event_id: string; integration_id: string }>> {
  return em.execute<Array<{ event_id: string; integration_id: string }>>(
    `select e.id as event_id, i.id as integration_id
     from jsonb_to_recordset(?::jsonb) as e(id uuid, organization_id uuid, type text, n int)
     join integrations i on i.organization_id = e.organization_id and i.enabled and i.deliveries_paused_at is null
       and i.webhook_config is not null
       and (i.webhook_config->'events') @> jsonb_build_array(e.type)
     order by e.n, i.created_at`,
    [JSON.stringify(events.map((event, n) => ({ id: event.id, organization_id: event.organization_id, type: event.type, n })))],
  );
}

/**
 * Records that alerts of each integration arrived up to `at`, and marks it `connected` (`error`
 * while its deliveries are paused, whatever arrives inbound). It never moves `last_alert_at`
 * backwards (several workers, late writes), and the organization in the join keeps a wrong pairing
 * from touching another tenant's row.
 */
export async function recordIntegrationLiveness(
  em: SqlEntityManager,
  values: ReadonlyArray<{ integrationId: string; organizationId: string; at: Date }>,
): Promise<void> {
  if (values.length === 0) return;
  await em.execute(
    `update integrations as i set last_alert_at = v.at,
       status = case when i.deliveries_paused_at is null then 'connected' else 'error' end
     from jsonb_to_recordset(?::jsonb) as v(id uuid, organization_id uuid, at timestamptz)
     where i.id = v.id and i.organization_id = v.organization_id and (i.last_alert_at is null or i.last_alert_at < v.at)`,
    [
      JSON.stringify(
        values.map((value) => ({ id: value.integrationId, organization_id: value.organizationId, at: value.at.toISOString() })),
      ),
    ],
  );
}
