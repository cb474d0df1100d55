import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as PostgresEntityManager, SqlEntityManager } from '@mikro-orm/postgresql';
import { EscalationPolicyEntity, IntegrationEntity, TeamEntity, type Integration } from '../entities/index.ts';
import type { QuotaUnitOfWork } from './plan-quotas.ts';
import { TENANT_FILTER, unscoped } from '../tenant-filter.ts';
import type { Platform } from '../../domain/alert.ts';
import { runStatement } from './statement.ts';

/** The platforms of the organization's enabled integrations whose deliveries are failing (status `error`, or `failingAfter` failures in a row). */
export async function failingPlatforms(em: EntityManager, organizationId: string, failingAfter: number): Promise<string[]> {
  const rows = await runStatement<Array<{ platform: string }>>(
    em,
    `select distinct platform from integrations where organization_id = ? and enabled and (status = 'error' or consecutive_failures >= ?)`,
    [organizationId, failingAfter],
  );
  return rows.map((row) => row.platform);
}

/** Answers when PostgreSQL does; throws when it cannot be reached. */
export async function pingDatabase(em: EntityManager): Promise<void> {
  await runStatement(em, 'select 1');
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

/** An integration as its owners see it: everything but its sealed secrets. */
export type IntegrationRecord = Pick<
  Integration,
  'id' | 'name' | 'platform' | 'status' | 'enabled' | 'settings' | 'consecutiveFailures' | 'createdAt' | 'updatedAt'
> & {
  webhookConfig: Record<string, unknown> | null;
  mappingTemplate: string | null;
  deliveriesPausedAt: Date | null;
  lastAlertAt: Date | null;
  escalationPolicyId: string | null;
  teamId: string | null;
  grouping: Integration['grouping'] | null;
  flapping: Integration['flapping'] | null;
  reopenWindowMinutes: number | null;
};

export type IntegrationFields = Pick<
  IntegrationRecord,
  | 'name'
  | 'enabled'
  | 'status'
  | 'webhookConfig'
  | 'settings'
  | 'mappingTemplate'
  | 'escalationPolicyId'
  | 'teamId'
  | 'grouping'
  | 'flapping'
  | 'reopenWindowMinutes'
  | 'deliveriesPausedAt'
  | 'consecutiveFailures'
>;

/** Integrations' management; every read and write is confined to the organization given. */
export interface IntegrationStore {
  /** Oldest first. */
  list(
    organizationId: string,
    page: { limit: number; offset: number; platform?: Platform; teamId?: string },
  ): Promise<{ items: IntegrationRecord[]; total: number }>;
  /** The organization's integrations of the platform, oldest first. */
  ofPlatform(organizationId: string, platform: Platform): Promise<IntegrationRecord[]>;
  find(organizationId: string, id: string): Promise<IntegrationRecord | undefined>;
  hasPolicy(organizationId: string, policyId: string): Promise<boolean>;
  hasTeam(organizationId: string, teamId: string): Promise<boolean>;
  /** Inserts in one transaction with `reserve` (the plan's quota, which throws to refuse): both or neither. */
  insertReserving(
    organizationId: string,
    reserve: (tx: QuotaUnitOfWork) => Promise<void>,
    fields: Partial<IntegrationFields> & Pick<IntegrationFields, 'name' | 'enabled'> & { platform: Platform; secretCiphertext: string },
  ): Promise<IntegrationRecord>;
  update(organizationId: string, id: string, changes: Partial<IntegrationFields>): Promise<IntegrationRecord | undefined>;
  /** The current secret becomes the previous one (accepted until `previousExpiresAt`), `secretCiphertext` the current. */
  rotateSecret(
    organizationId: string,
    id: string,
    rotation: { secretCiphertext: string; previousExpiresAt: Date },
  ): Promise<IntegrationRecord | undefined>;
  remove(organizationId: string, id: string): Promise<void>;
}

const integrationRecord = (integration: Integration): IntegrationRecord => ({
  id: integration.id,
  name: integration.name,
  platform: integration.platform,
  status: integration.status,
  enabled: integration.enabled,
  webhookConfig: integration.webhookConfig ?? null,
  settings: integration.settings,
  mappingTemplate: integration.mappingTemplate ?? null,
  consecutiveFailures: integration.consecutiveFailures,
  deliveriesPausedAt: integration.deliveriesPausedAt ?? null,
  lastAlertAt: integration.lastAlertAt ?? null,
  escalationPolicyId: integration.escalationPolicyId ?? null,
  teamId: integration.teamId ?? null,
  grouping: integration.grouping ?? null,
  flapping: integration.flapping ?? null,
  reopenWindowMinutes: integration.reopenWindowMinutes ?? null,
  createdAt: integration.createdAt,
  updatedAt: integration.updatedAt,
});

export function createIntegrationStore(em: PostgresEntityManager): IntegrationStore {
  const findEntity = (organizationId: string, id: string) => em.findOne(IntegrationEntity, { id, organization: organizationId }, unscoped);
  const change = async (organizationId: string, id: string, apply: (integration: Integration) => void) => {
    const integration = await findEntity(organizationId, id);
    if (!integration) return undefined;
    apply(integration);
    await em.flush();
    return integrationRecord(integration);
  };
  return {
    async list(organizationId, page) {
      const where = {
        organization: organizationId,
        ...(page.platform ? { platform: page.platform } : {}),
        ...(page.teamId ? { teamId: page.teamId } : {}),
      };
      const [items, total] = await em.findAndCount(IntegrationEntity, where, {
        ...unscoped,
        orderBy: { createdAt: 'asc' },
        limit: page.limit,
        offset: page.offset,
      });
      return { items: items.map(integrationRecord), total };
    },

    async ofPlatform(organizationId, platform) {
      const items = await em.find(
        IntegrationEntity,
        { organization: organizationId, platform },
        { ...unscoped, orderBy: { createdAt: 'asc' } },
      );
      return items.map(integrationRecord);
    },

    async find(organizationId, id) {
      const integration = await findEntity(organizationId, id);
      return integration ? integrationRecord(integration) : undefined;
    },

    hasPolicy: async (organizationId, policyId) =>
      (await em.count(EscalationPolicyEntity, { id: policyId, organization: organizationId }, unscoped)) > 0,
    hasTeam: async (organizationId, teamId) => (await em.count(TeamEntity, { id: teamId, organization: organizationId }, unscoped)) > 0,

    insertReserving: (organizationId, reserve, fields) =>
      em.transactional(async (tx) => {
        await reserve(tx);
        const created = tx.create(IntegrationEntity, { organization: organizationId, ...fields });
        await tx.flush();
        return integrationRecord(created);
      }),

    update: (organizationId, id, changes) =>
      change(organizationId, id, (integration) => {
        for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(integration, { [key]: value });
      }),

    rotateSecret: (organizationId, id, rotation) =>
      change(organizationId, id, (integration) => {
        integration.previousSecretCiphertext = integration.secretCiphertext;
        integration.previousSecretExpiresAt = rotation.previousExpiresAt;
        integration.secretCiphertext = rotation.secretCiphertext;
      }),

    async remove(organizationId, id) {
      await em.nativeDelete(IntegrationEntity, { id, organization: organizationId }, unscoped);
    },
  };
}
