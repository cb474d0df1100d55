import type { ChannelPage } from '../../../../shared/paging/channel.ts';
import {
  PAGE_MARKER,
  pageEditContent,
  pageMessageContent,
  readPageMarker,
  replyNoticeContent,
  statusLine,
} from '../../../../shared/paging/channels/matrix/messages.ts';
import { MATRIX_ADDRESS } from '../../../../shared/paging/channels/matrix/rooms.ts';

const page: ChannelPage = {
  pageId: 'p-1',
  organizationId: 'o-1',
  userId: 'u-1',
  content: {
    incident: { id: 'i-1', title: 'Disk <full>\non db-1', severity: 'high', status: 'active' },
    round: 1,
    level: 2,
    incidentUrl: 'https://tocsin.example.test/incidents/i-1',
  },
  actions: {},
  idempotencyKey: 'page-p-1',
  resend: false,
};

describe('Matrix page messages', () => {
  it('says what is wrong in plain text and escaped HTML, with how to act, and carries its marker', () => {
    const content = pageMessageContent(page);
    expect(content.msgtype).toBe('m.text');
    expect(content.body).toBe(
      [
        '🚨 [HIGH] Disk <full> on db-1',
        'Escalation level 2, round 1 · https://tocsin.example.test/incidents/i-1',
        'React with ✅ or reply "ack" to acknowledge, reply "resolve" to resolve, "escalate" to page the next level; once acknowledged, react with ⏰ or reply "snooze" (or "snooze 4h") to snooze it for an hour (or four).',
      ].join('\n'),
    );
    expect(content.formatted_body).toContain('Disk &lt;full&gt; on db-1');
    expect(content.formatted_body).not.toContain('<full>');
    expect(readPageMarker(content)).toEqual({
      organization_id: 'o-1',
      incident_id: 'i-1',
      page_id: 'p-1',
      title: 'Disk <full> on db-1',
      severity: 'high',
      url: 'https://tocsin.example.test/incidents/i-1',
      level: 2,
      round: 1,
      test: false,
      reassigned: false,
    });
  });

  it('marks a test page and a resend; a test page and a verification code carry no marker to act on', () => {
    const test = pageMessageContent({ ...page, content: { ...page.content, test: true } });
    expect(test.body).toMatch(/^\[TEST\] This is a test page/);
    expect(test.body).not.toContain('React with');
    expect(readPageMarker(test)).toBeNull();
    const code = pageMessageContent({ ...page, content: { ...page.content, test: true, verificationCode: '123456' } });
    expect(code.body).toContain('Your Tocsin verification code is 123456.');
    expect(readPageMarker(code)).toBeNull();
    expect(pageMessageContent({ ...page, resend: true }).body).toContain('Sent again');
  });

  it.each([
    [{ status: 'acknowledged', action: 'acknowledge', actorName: 'Ada Lovelace' }, '✅ Acknowledged by Ada Lovelace'],
    [{ status: 'resolved', action: 'resolve', actorName: 'Ada' }, '✔️ Resolved by Ada'],
    [{ status: 'active', action: 'escalate', actorName: null }, '⏫ Escalated'],
    [{ status: 'investigating', action: 'snooze_1h', actorName: 'Ada' }, '⏰ Snoozed for 1 hour by Ada'],
    [{ status: 'investigating', action: 'snooze_4h', actorName: null }, '⏰ Snoozed for 4 hours'],
    [{ status: 'active', action: 'reopened', actorName: 'Bob' }, '🔁 Reopened by Bob: status active'],
  ] as const)('an edit for %p says %p', (change, line) => {
    expect(statusLine(change)).toBe(line);
  });

  it('edits the page in place with an m.replace relation, keeping the marker and dropping the instructions', () => {
    const marker = readPageMarker(pageMessageContent(page));
    if (!marker) throw new Error('no marker');
    const edit = pageEditContent('$page', marker, { status: 'acknowledged', action: 'acknowledge', actorName: 'Ada' });
    expect(edit['m.relates_to']).toEqual({ rel_type: 'm.replace', event_id: '$page' });
    const replacement = edit['m.new_content'] as Record<string, unknown>;
    expect(replacement.body).toContain('✅ Acknowledged by Ada');
    expect(replacement.body).not.toContain('React with');
    expect(replacement[PAGE_MARKER]).toEqual(marker);
    expect(edit.body).toBe(`* ${String(replacement.body)}`);
  });

  it.each([
    [{}, null],
    [{ [PAGE_MARKER]: 'x' }, null],
    [
      {
        [PAGE_MARKER]: { organization_id: 'o', incident_id: 'i', page_id: 'p', title: 't', severity: 's', url: 'u', level: '1', round: 1 },
      },
      null,
    ],
    [
      { [PAGE_MARKER]: { organization_id: 5, incident_id: 'i', page_id: 'p', title: 't', severity: 's', url: 'u', level: 1, round: 1 } },
      null,
    ],
    [null, null],
  ])('reads no marker from %p', (content, expected) => {
    expect(readPageMarker(content)).toBe(expected);
  });

  it('replies to an event as a notice', () => {
    expect(replyNoticeContent('$e', 'done')).toEqual({
      msgtype: 'm.notice',
      body: 'done',
      'm.relates_to': { 'm.in_reply_to': { event_id: '$e' } },
    });
    expect(replyNoticeContent(null, 'hi')).toEqual({ msgtype: 'm.notice', body: 'hi' });
  });
});

describe('Matrix addresses', () => {
  it.each([
    ['@alice:example.org', true],
    ['@alice:example.org:8448', true],
    ['!abc:example.org', true],
    ['!Yr4Pq0uCkq9XRYgbfVqvNy2Qy7p0E6ZMYAqdrgnDtmQ', true],
    ['#oncall:example.org', true],
    ['@alice', false],
    ['#oncall', false],
    ['alice:example.org', false],
    ['@al ice:example.org', false],
    ['!', false],
    ['', false],
  ])('%p is an address: %p', (address, valid) => {
    expect(MATRIX_ADDRESS.test(address)).toBe(valid);
  });
});
