import { createWebhookDeliveryStore } from '../../../../shared/db/access/webhook-deliveries.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's integrations, events and
// delivery attempts are invisible to it, and untouched by its writes.
describe('WebhookDeliveryStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  let ourIntegration: string;
  let theirIntegration: string;
  let ourEvent: string;
  let theirEvent: string;
  const store = () => createWebhookDeliveryStore(db.em());
  const integration = async (organizationId: string) => {
    const [row] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, webhook_config, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Outbound', 'generic', 'sealed', ?::jsonb, now(), now()) returning id`,
      [organizationId, JSON.stringify({ url: 'https://receiver.example.test/hook', events: ['incident.created'] })],
    );
    return row!.id;
  };
  const event = async (organizationId: string) => {
    const [row] = await db.sql<{ id: string }>(
      `insert into domain_events (id, organization_id, type, data, created_at)
       values (gen_random_uuid(), ?, 'incident.created', '{}'::jsonb, now()) returning id`,
      [organizationId],
    );
    return row!.id;
  };
  const input = (organizationId: string, integrationId: string, eventId: string) => ({
    organizationId,
    integrationId,
    eventId,
    eventType: 'incident.created',
    incidentId: null,
  });
  const attempt = (n: number, success: boolean) => ({ attempt: n, success, statusCode: success ? 200 : 503, error: null, durationMs: 5 });

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    ourIntegration = await integration(ours.id);
    theirIntegration = await integration(theirs.id);
    ourEvent = await event(ours.id);
    theirEvent = await event(theirs.id);
    await store().recordAttempt(input(ours.id, ourIntegration, ourEvent), attempt(1, false));
    await store().recordAttempt(input(ours.id, ourIntegration, ourEvent), attempt(2, true));
    await store().recordAttempt(input(theirs.id, theirIntegration, theirEvent), attempt(1, false));
  });
  afterAll(() => db?.stop());

  it("knows the organization's own integrations only", async () => {
    expect(await store().hasIntegration(ours.id, ourIntegration)).toBe(true);
    expect(await store().hasIntegration(ours.id, theirIntegration)).toBe(false);
    expect(await store().hasIntegration(theirs.id, theirIntegration)).toBe(true);
  });

  it("lists the organization's own attempts only, newest first and filtered", async () => {
    const page = { limit: 10, offset: 0 };
    expect(await store().listAttempts(ours.id, theirIntegration, page)).toEqual({ items: [], total: 0 });
    expect(await store().listAttempts(ours.id, theirIntegration, { ...page, eventId: theirEvent })).toEqual({ items: [], total: 0 });
    const listed = await store().listAttempts(ours.id, ourIntegration, page);
    expect(listed.total).toBe(2);
    expect(listed.items.map((row) => row.attempt)).toEqual([2, 1]);
    expect(listed.items[0]).toMatchObject({
      integrationId: ourIntegration,
      eventId: ourEvent,
      success: true,
      statusCode: 200,
      final: false,
    });
    expect((await store().listAttempts(ours.id, ourIntegration, { ...page, success: false })).items.map((row) => row.attempt)).toEqual([1]);
    expect((await store().listAttempts(ours.id, ourIntegration, { ...page, eventId: theirEvent })).total).toBe(0);
    expect((await store().listAttempts(ours.id, ourIntegration, { limit: 1, offset: 1 })).items.map((row) => row.attempt)).toEqual([1]);
    expect((await store().listAttempts(theirs.id, theirIntegration, page)).total).toBe(1);
  });

  it("reads the organization's own integration and event only", async () => {
    expect(await store().deliveryTarget(ours.id, theirIntegration)).toBeUndefined();
    expect(await store().deliveredEvent(ours.id, theirEvent)).toBeUndefined();
    expect(await store().deliveryTarget(ours.id, ourIntegration)).toMatchObject({
      id: ourIntegration,
      enabled: true,
      deliveriesPaused: false,
      webhookConfig: { url: 'https://receiver.example.test/hook' },
      secretCiphertext: 'sealed',
    });
    expect(await store().deliveredEvent(ours.id, ourEvent)).toMatchObject({ id: ourEvent, type: 'incident.created', data: {} });
  });

  it("records attempts and outcomes on the organization's own deliveries and integrations only", async () => {
    const theirDelivery = input(theirs.id, theirIntegration, theirEvent);
    const posingAsOurs = input(ours.id, theirIntegration, theirEvent);
    await store().recordAttempt(posingAsOurs, attempt(1, true));
    expect(await store().recordOutcome({ ...posingAsOurs, succeeded: false }, 1)).toEqual({ counted: true, integration: undefined });
    const [theirRow] = await db.sql<{ success: boolean; final: boolean; organization_id: string }>(
      'select success, final, organization_id from webhook_deliveries where integration_id = ? and event_id = ? and attempt = 1',
      [theirIntegration, theirEvent],
    );
    expect(theirRow).toEqual({ success: false, final: false, organization_id: theirs.id });
    const [theirIntegrationNow] = await db.sql<{ consecutive_failures: number; deliveries_paused_at: Date | null }>(
      'select consecutive_failures, deliveries_paused_at from integrations where id = ?',
      [theirIntegration],
    );
    expect(theirIntegrationNow).toEqual({ consecutive_failures: 0, deliveries_paused_at: null });

    expect(await store().recordOutcome({ ...theirDelivery, succeeded: false }, 1)).toEqual({
      counted: true,
      integration: { consecutiveFailures: 1, paused: true },
    });
    expect(await store().recordOutcome({ ...theirDelivery, succeeded: false }, 1)).toEqual({ counted: false });
    expect((await store().deliveryTarget(theirs.id, theirIntegration))?.deliveriesPaused).toBe(true);
    expect((await store().listAttempts(theirs.id, theirIntegration, { limit: 10, offset: 0 })).items.map((row) => row.final)).toEqual([
      true,
    ]);
    expect((await store().deliveryTarget(ours.id, ourIntegration))?.deliveriesPaused).toBe(false);
  });
});
