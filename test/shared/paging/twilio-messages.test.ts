import type { PageContent } from '../../../shared/paging/contact-page.ts';
import { parseReply, smsPageText } from '../../../shared/paging/channels/twilio-messages.ts';
import { smsReplyTwiml, voicePageTwiml, voiceSayAndHangUp, voiceVerificationTwiml } from '../../../shared/paging/channels/twilio-twiml.ts';

const content: PageContent = {
  incident: { id: 'inc-1', title: 'Database <primary> & replica down', severity: 'critical', status: 'active' },
  round: 1,
  level: 2,
  urgency: 'high',
  incidentUrl: 'https://tocsin.example.com/incidents/inc-1',
};

describe('SMS page text', () => {
  it('carries the incident, its link and the reply codes', () => {
    const text = smsPageText(content, false);
    expect(text).toContain('[CRITICAL]');
    expect(text).toContain('Database <primary> & replica down');
    expect(text).toContain('(level 2)');
    expect(text).toContain('Reply 4 to acknowledge, 6 to resolve');
    expect(text).toContain(content.incidentUrl);
    expect(text).not.toContain('(resent)');
  });

  it('says "(resent)" on a page sent again after a worker died: Twilio takes no idempotency key', () => {
    expect(smsPageText(content, true).startsWith('(resent) ')).toBe(true);
  });

  it('a test page says so and offers no codes', () => {
    const text = smsPageText({ ...content, test: true }, false);
    expect(text).toContain('[TEST]');
    expect(text).not.toContain('Reply 4');
  });

  it('a title cannot break the message into lines or make it long', () => {
    const text = smsPageText({ ...content, incident: { ...content.incident, title: `a\nb\r\n${'x'.repeat(2000)}` } }, false);
    expect(text).not.toMatch(/[\r\n]/);
    expect(text.length).toBeLessThan(320);
  });
});

describe('reading a reply', () => {
  it.each([
    ['4', 'acknowledge'],
    [' 4 ', 'acknowledge'],
    ['4.', 'acknowledge'],
    ['ack', 'acknowledge'],
    ['ACK', 'acknowledge'],
    ['Acknowledge', 'acknowledge'],
    ['6', 'resolve'],
    ['resolve', 'resolve'],
    ['9', 'escalate'],
    ['escalate', 'escalate'],
  ])('%j → %s', (body, action) => {
    expect(parseReply(body)).toEqual({ kind: 'action', action });
  });

  it.each(['', '5', '44', '46', 'ok', 'yes', '4 please', 'STOP', 'acknowledged?!x'])('%j → the codes, nothing done', (body) => {
    expect(parseReply(body)).toEqual({ kind: 'help' });
  });
});

describe('TwiML', () => {
  const gather = 'https://tocsin.example.com/api/v1/twilio/org/voice/pages/p1/gather?x=1&y=2';

  it('the call reads the incident and gathers one key, posted to the action URL, twice', () => {
    const twiml = voicePageTwiml(content.incident, gather);
    const gathers = twiml.match(/<Gather [^>]*>/g) ?? [];
    expect(gathers).toHaveLength(2);
    for (const tag of gathers) {
      expect(tag).toContain('numDigits="1"');
      expect(tag).toContain('action="https://tocsin.example.com/api/v1/twilio/org/voice/pages/p1/gather?x=1&amp;y=2"');
      expect(tag).toContain('method="POST"');
    }
    expect(twiml).toContain('Press 4 to acknowledge, 6 to resolve');
    // The title is escaped: an alert cannot inject TwiML verbs.
    expect(twiml).toContain('Database &lt;primary&gt; &amp; replica down');
    expect(twiml).not.toContain('<primary>');
  });

  it('an incident resolved before the call was answered: said, and no keys taken', () => {
    const twiml = voicePageTwiml({ ...content.incident, status: 'resolved' }, gather);
    expect(twiml).not.toContain('<Gather');
    expect(twiml).toContain('resolved already');
  });

  it('an answer to a key, the verification call, and an SMS reply', () => {
    expect(voiceSayAndHangUp('Acknowledged.')).toMatch(/<Say>Acknowledged\.<\/Say><Hangup\/><\/Response>$/);
    expect(voiceVerificationTwiml('123456')).toContain('1, 2, 3, 4, 5, 6');
    expect(smsReplyTwiml('Already acknowledged by <Ann>')).toContain(
      '<Response><Message>Already acknowledged by &lt;Ann&gt;</Message></Response>',
    );
    expect(smsReplyTwiml(null)).toMatch(/<Response\/>$/);
  });
});
