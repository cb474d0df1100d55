import { randomUUID } from 'node:crypto';
import { createAssistantReplyStore } from '../../../../shared/db/access/assistant-replies.ts';
import { insertChatMessage } from '../../../../shared/db/access/chat-messages.ts';
import { createIncident } from '../../../../shared/db/access/incidents.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The store on real PostgreSQL: the assistant of one organization never reads another's incident,
// question, alerts, runbooks or chat, and never stores a reply on another's incident.
describe('AssistantReplyStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const ids = { ourIncident: '', theirIncident: '', ourQuestion: '', theirQuestion: '', theirProcedure: '' };
  const store = () => createAssistantReplyStore(db.em());
  const messagesOn = async (incidentId: string) =>
    Number((await db.sql<{ n: string }>('select count(*) as n from incident_messages where incident_id = ?', [incidentId]))[0]?.n);

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    const em = db.em();
    ids.ourIncident = createIncident(em, { organizationId: ours.id, title: 'ours', severity: 'high', source: 'manual' }).id;
    ids.theirIncident = createIncident(em, { organizationId: theirs.id, title: 'theirs', severity: 'high', source: 'manual' }).id;
    await em.flush();
    const ask = async (organizationId: string, incidentId: string, authorId: string) =>
      (await insertChatMessage(db.em(), { organizationId, incidentId, authorId, authorKind: 'user', body: '@assistant why?' }))!.id;
    await ask(theirs.id, ids.theirIncident, theirs.ownerId);
    ids.theirQuestion = await ask(theirs.id, ids.theirIncident, theirs.ownerId);
    ids.ourQuestion = await ask(ours.id, ids.ourIncident, ours.ownerId);
    const [integration] = await db.sql<{ id: string }>(
      `insert into integrations (id, organization_id, name, platform, secret_ciphertext, created_at, updated_at)
       values (gen_random_uuid(), ?, 'Metrics', 'generic', 'sealed', now(), now()) returning id`,
      [theirs.id],
    );
    await db.sql(
      `insert into alerts (id, organization_id, integration_id, incident_id, platform, dedup_key, title, severity, status, labels, links, raw, received_at, processed_at)
       values (?, ?, ?, ?, 'metrics_alerts', 'k', 'Their alert', 'high', 'firing', '{}', '{}', '{}', now(), now())`,
      [randomUUID(), theirs.id, integration!.id, ids.theirIncident],
    );
    const [procedure] = await db.sql<{ id: string }>(
      `insert into procedures (id, organization_id, name, tags, version, created_at, updated_at) values (gen_random_uuid(), ?, 'Theirs', '[]'::jsonb, 1, now(), now()) returning id`,
      [theirs.id],
    );
    ids.theirProcedure = procedure!.id;
  });
  afterAll(() => db?.stop());

  it("reads the organization's own incident, question, alerts, runbooks and chat only", async () => {
    const ourRef = { organizationId: ours.id, incidentId: ids.theirIncident };
    expect(await store().incidentWithQuestion(ourRef, ids.theirQuestion)).toBeUndefined();
    expect(
      (await store().incidentWithQuestion({ organizationId: ours.id, incidentId: ids.ourIncident }, ids.theirQuestion))?.question,
    ).toBeNull();
    expect((await store().incidentWithQuestion({ organizationId: ours.id, incidentId: ids.ourIncident }, ids.ourQuestion))?.question).toBe(
      '@assistant why?',
    );
    expect(await store().latestAlerts(ourRef, 20)).toEqual([]);
    expect(await store().latestAlerts({ organizationId: theirs.id, incidentId: ids.theirIncident }, 20)).toHaveLength(1);
    expect(await store().procedureOutlines(ours.id, [ids.theirProcedure])).toEqual([]);
    expect(await store().procedureOutlines(theirs.id, [ids.theirProcedure])).toHaveLength(1);
    expect(await store().chatHistory(ourRef, ids.theirQuestion, 10)).toEqual([]);
    expect(await store().chatHistory({ organizationId: theirs.id, incidentId: ids.theirIncident }, ids.theirQuestion, 10)).toHaveLength(1);
  });

  it("stores a reply on the organization's own incident only", async () => {
    const before = await messagesOn(ids.theirIncident);
    expect(
      await store().insertReply(
        { organizationId: ours.id, incidentId: ids.theirIncident },
        { id: randomUUID(), body: 'no', replyToId: ids.theirQuestion },
      ),
    ).toBeUndefined();
    expect(await messagesOn(ids.theirIncident)).toBe(before);
    await store().insertReply(
      { organizationId: ours.id, incidentId: ids.ourIncident },
      { id: randomUUID(), body: 'yes', replyToId: ids.ourQuestion },
    );
    expect(await messagesOn(ids.ourIncident)).toBe(2);
  });
});
