import { randomUUID } from 'node:crypto';
import { createTwilioWebhookStore } from '../../../../shared/db/access/twilio-webhooks.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// Every method of the store, on real PostgreSQL: another organization's pages, contact methods and
// Twilio receipts are invisible to it, and untouched by its writes, even for the same phone number.
describe('TwilioWebhookStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;
  const phone = '+15555550100';
  const pages = { ourSms: '', theirSms: '', ourVoice: '', theirVoice: '' };
  const store = () => createTwilioWebhookStore(db.em());
  /** A sent page of the organization's owner, by `method` to the shared phone number, later the later its round; its id. */
  const sentPage = async (organization: SeededOrganization, incidentId: string, method: 'sms' | 'voice', round: number) => {
    const methodId = randomUUID();
    await db.sql(
      `insert into contact_methods (id, organization_id, user_id, type, label, address, verified_at, created_at, updated_at)
       values (?, ?, ?, ?, 'Phone', ?, now(), now(), now())`,
      [methodId, organization.id, organization.ownerId, method, phone],
    );
    const id = randomUUID();
    await db.sql(
      `insert into pages (id, organization_id, incident_id, round, level, user_id, method, status, message_ref, contact_method_id, created_at, updated_at)
       values (?, ?, ?, ?, 1, ?, ?, 'sent', ?, ?, now() + make_interval(secs => ?), now())`,
      [id, organization.id, incidentId, round, organization.ownerId, method, `SM-${id}`, methodId, round],
    );
    return id;
  };
  const pageStatus = async (id: string) => (await db.sql<{ status: string }>('select status from pages where id = ?', [id]))[0]?.status;

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
    const ourIncident = await db.incident(ours.id, 'Ours');
    const theirIncident = await db.incident(theirs.id, 'Theirs');
    pages.ourSms = await sentPage(ours, ourIncident, 'sms', 1);
    pages.ourVoice = await sentPage(ours, ourIncident, 'voice', 2);
    pages.theirSms = await sentPage(theirs, theirIncident, 'sms', 1);
    pages.theirVoice = await sentPage(theirs, theirIncident, 'voice', 2);
    // Their page is the newest to the number: ours must still be the one our organization reads.
    await db.sql(`update pages set created_at = created_at + interval '1 minute' where organization_id = ?`, [theirs.id]);
  });
  afterAll(() => db?.stop());

  it("reads the organization's own pages to a number only", async () => {
    expect(await store().latestPageToNumber(ours.id, phone)).toMatchObject({ page_id: pages.ourVoice, user_id: ours.ownerId });
    expect(await store().latestPageToNumber(theirs.id, phone)).toMatchObject({ page_id: pages.theirVoice, user_id: theirs.ownerId });
    expect(await store().voicePage(ours.id, pages.ourVoice)).toMatchObject({ address: phone, title: 'Ours' });
    expect(await store().voicePage(ours.id, pages.theirVoice)).toBeUndefined();
  });

  it("records failures on the organization's own pages only", async () => {
    expect(await store().recordUndelivered(ours.id, pages.theirSms, `SM-${pages.theirSms}`, 'undelivered')).toBe(false);
    expect(await pageStatus(pages.theirSms)).toBe('sent');
    expect(await store().recordUndelivered(ours.id, pages.ourSms, `SM-${pages.theirSms}`, 'undelivered')).toBe(false);
    expect(await store().recordUndelivered(ours.id, pages.ourSms, `SM-${pages.ourSms}`, 'undelivered')).toBe(true);
    expect(await pageStatus(pages.ourSms)).toBe('failed');
    expect(await pageStatus(pages.theirSms)).toBe('sent');
  });

  it("claims each SID once; another organization's claim is kept as it was (SIDs are Twilio's, every organization's)", async () => {
    expect(await store().claim(theirs.id, 'SM-1')).toBe(true);
    expect(await store().claim(ours.id, 'SM-1')).toBe(false);
    expect(await store().claim(ours.id, 'SM-2')).toBe(true);
    const receipts = await db.sql<{ sid: string; organization_id: string }>(
      'select sid, organization_id from twilio_webhook_receipts order by sid',
    );
    expect(receipts).toEqual([
      { sid: 'SM-1', organization_id: theirs.id },
      { sid: 'SM-2', organization_id: ours.id },
    ]);
  });
});
