import { createOutboxMessageStore } from '../../../../shared/db/access/outbox-messages.ts';
import { openTwoOrganizations, type SeededOrganization, type StoreDatabase } from '../../../helpers/store-database.ts';

// The mail spool of an instance without SMTP is every organization's, by design: one spool, read by
// whoever runs the instance; each mail is kept whole, under the id the store returns.
describe('OutboxMessageStore (integration: real PostgreSQL)', () => {
  let db: StoreDatabase;
  let ours: SeededOrganization;
  let theirs: SeededOrganization;

  beforeAll(async () => {
    ({ db, ours, theirs } = await openTwoOrganizations());
  });
  afterAll(() => db?.stop());

  it("keeps both organizations' mails in the one spool", async () => {
    const ourId = await createOutboxMessageStore(db.em()).keep({ to: ours.ownerEmail, subject: 'Ours', body: 'Our page' });
    const theirId = await createOutboxMessageStore(db.em()).keep({ to: theirs.ownerEmail, subject: 'Theirs', body: 'Their page' });
    const rows = await db.sql<{ id: string; to: string; subject: string; body: string }>(
      'select id, "to", subject, body from outbox_messages order by subject',
    );
    expect(rows).toEqual([
      { id: ourId, to: ours.ownerEmail, subject: 'Ours', body: 'Our page' },
      { id: theirId, to: theirs.ownerEmail, subject: 'Theirs', body: 'Their page' },
    ]);
  });
});
