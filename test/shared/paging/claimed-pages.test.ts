import type { ClaimedPage } from '../../../shared/db/access/pages.ts';
import { sendClaimedPages } from '../../../shared/paging/claimed-pages.ts';
import type { PageSendResult } from '../../../shared/paging/page-sender.ts';

const page = (id: string, overrides: Partial<ClaimedPage> = {}): ClaimedPage => ({
  id,
  user_id: `user-${id}`,
  method: 'email',
  contact_method_id: null,
  rule_id: `rule-${id}`,
  resend: false,
  ...overrides,
});

describe('sendClaimedPages', () => {
  it.each([
    { name: 'no page', pages: [], errors: {}, sent: 0, failed: 0 },
    { name: 'every page accepted', pages: [page('a'), page('b')], errors: {}, sent: 2, failed: 0 },
    { name: 'one refused', pages: [page('a'), page('b'), page('c')], errors: { b: 'SMTP 451' }, sent: 2, failed: 1 },
    { name: 'all refused', pages: [page('a')], errors: { a: 'timed out' }, sent: 0, failed: 1 },
  ])('$name: counts each outcome, records every page, and lists only the sent ones as sent', async ({ pages, errors, sent, failed }) => {
    const recorded: Array<[string, PageSendResult]> = [];
    const batch = await sendClaimedPages(
      pages,
      { incident_id: 'incident-1', level: 2 },
      async (claimed) => ({ error: (errors as Record<string, string>)[claimed.id] ?? null }),
      async (pageId, result) => {
        recorded.push([pageId, result]);
      },
    );
    expect({ sent: batch.sent, failed: batch.failed }).toEqual({ sent, failed });
    expect(recorded.map(([id]) => id).sort()).toEqual(pages.map((claimed) => claimed.id).sort());
    expect(batch.outcomes.map((outcome) => outcome.status).filter((status) => status === 'failed')).toHaveLength(failed);
    expect(batch.sentPages.map((sentPage) => sentPage.id).sort()).toEqual(
      pages
        .filter((claimed) => !(claimed.id in errors))
        .map((claimed) => claimed.id)
        .sort(),
    );
  });

  it('places each sent page and marks a page sent again after a dead attempt', async () => {
    const batch = await sendClaimedPages(
      [page('a', { resend: true, method: 'sms', contact_method_id: 'cm-1' })],
      { incident_id: 'incident-1', responder_id: 'responder-1' },
      async () => ({ error: null }),
      async () => undefined,
    );
    expect(batch.outcomes).toEqual([{ user_id: 'user-a', method: 'sms', status: 'sent', resent: true }]);
    expect(batch.sentPages).toEqual([
      {
        id: 'a',
        incident_id: 'incident-1',
        responder_id: 'responder-1',
        user_id: 'user-a',
        method: 'sms',
        rule_id: 'rule-a',
        contact_method_id: 'cm-1',
        resent: true,
      },
    ]);
  });

  it('sends every page at once: a slow send does not hold back the others', async () => {
    const order: string[] = [];
    let releaseSlow = () => undefined as void;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    const sending = sendClaimedPages(
      [page('slow'), page('fast')],
      {},
      async (claimed) => {
        if (claimed.id === 'slow') await slow;
        order.push(claimed.id);
        return { error: null };
      },
      async () => undefined,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['fast']);
    releaseSlow();
    expect((await sending).sent).toBe(2);
  });
});
