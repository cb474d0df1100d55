import { contactWebhookBody, pageMailMessage, redactUrl, type PageContent } from '../../../shared/paging/contact-page.ts';

const content: PageContent = {
  incident: { id: 'i-1', title: 'Disk "full"\non db-1', severity: 'high', status: 'active' },
  round: 1,
  level: 2,
  incidentUrl: 'https://tocsin.example.test/incidents/i-1',
};

describe('contact page rendering', () => {
  it('renders placeholders inside strings only, as JSON, never evaluating; unknown ones are empty', () => {
    const body = JSON.parse(
      contactWebhookBody(
        { text: '{{page.message}}', n: 5, nested: [{ t: '{{incident.title}}' }], bad: '{{constructor}}{{process.env.X}}' },
        content,
      ),
    );
    expect(body).toEqual({
      text: '[HIGH] Disk "full" on db-1 (level 2) https://tocsin.example.test/incidents/i-1',
      n: 5,
      nested: [{ t: 'Disk "full" on db-1' }],
      bad: '',
    });
  });

  it('has a default body without a template', () => {
    expect(JSON.parse(contactWebhookBody(null, { ...content, test: true }))).toMatchObject({
      text: expect.stringMatching(/^\[TEST\] \[HIGH\]/),
      test: true,
      incident: { id: 'i-1', url: content.incidentUrl },
      page: { level: 2, round: 1 },
    });
  });

  it('puts one-click links in the mail only when given', () => {
    expect(pageMailMessage(content).text).not.toContain('one click');
    const text = pageMailMessage({ ...content, links: { acknowledge: 'https://a/ack', resolve: 'https://a/res' } }).text;
    expect(text).toMatch(/^Acknowledge with one click: https:\/\/a\/ack$/m);
    expect(text).toMatch(/^Resolve with one click: https:\/\/a\/res$/m);
    expect(pageMailMessage(content).subject).toBe('[HIGH] Page: Disk "full" on db-1');
  });

  it('says a reassignment pages the new assignee, not an escalation level', () => {
    const text = pageMailMessage({ ...content, reassigned: true }).text;
    expect(text).toMatch(/^The incident was reassigned to you$/m);
    expect(text).toMatch(/^Until you acknowledge, your notification rules keep paging you\.$/m);
    expect(text).not.toContain('Escalation level');
    expect(pageMailMessage(content).text).toMatch(/^Escalation level 2, round 1$/m);
  });

  it("says a responder request, with the asker's message on one line, not an escalation level", () => {
    const text = pageMailMessage({ ...content, responder: { message: 'Need a DBA\nnow' } }).text;
    expect(text).toMatch(/^You are asked to help as a responder$/m);
    expect(text).toMatch(/^Message: Need a DBA now$/m);
    expect(text).toMatch(/^Until you accept or decline, your notification rules keep paging you\.$/m);
    expect(text).not.toContain('Escalation level');
  });

  it.each([
    [
      'Refused outbound request to https://hooks.example.test/services/T/B/SECRET: loopback',
      'https://hooks.example.test/services/T/B/SECRET?x=1',
    ],
    ['connect failed to https://hooks.example.test/services/T/B/SECRET?x=1', 'https://hooks.example.test/services/T/B/SECRET?x=1'],
    ['bad path /services/T/B/SECRET', 'https://hooks.example.test/services/T/B/SECRET'],
  ])('keeps the secret path and query of a webhook URL out of errors: %s', (message, url) => {
    const redacted = redactUrl(message, url);
    expect(redacted).not.toContain('SECRET');
    expect(redacted).not.toContain('x=1');
  });
});
