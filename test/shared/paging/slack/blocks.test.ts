import { createSecretBox } from '../../../../shared/crypto/secret-box.ts';
import { createSlackActionSigner } from '../../../../shared/paging/slack/action-token.ts';
import { buttonsFor, slackEscape, slackIncidentBlocks, slackMessageText } from '../../../../shared/paging/slack/blocks.ts';

const signer = createSlackActionSigner(createSecretBox('k'.repeat(40)));
const view = {
  organizationId: '0190b7c4-0000-7000-8000-000000000001',
  incidentId: '0190b7c4-0000-7000-8000-000000000002',
  title: 'Disk full <!channel> on <http://evil|db-1> & co',
  severity: 'critical',
  incidentUrl: 'https://tocsin.example/incidents/0190b7c4-0000-7000-8000-000000000002',
  pageId: '0190b7c4-0000-7000-8000-000000000003',
  level: 2,
  round: 1,
};
const buttons = (blocks: ReturnType<typeof slackIncidentBlocks>) =>
  blocks.flatMap((block) => (block.type === 'actions' ? (block.elements as Array<{ action_id: string; value: string }>) : []));

describe('Slack incident blocks', () => {
  it.each([
    ['active', ['acknowledge', 'resolve', 'escalate']],
    ['acknowledged', ['resolve', 'escalate']],
    ['investigating', ['snooze_1h', 'snooze_4h', 'resolve', 'escalate']],
    ['mitigated', ['resolve', 'escalate']],
    ['resolved', []],
  ])('a %s incident offers %j', (status, expected) => {
    expect(buttonsFor(status)).toEqual(expected);
    expect(buttons(slackIncidentBlocks(view, { status }, signer)).map((button) => button.action_id)).toEqual(
      expected.map((action) => `tocsin:${action}`),
    );
  });

  it('signs each button for its incident, organization, page and action', () => {
    for (const button of ['active', 'investigating'].flatMap((status) => buttons(slackIncidentBlocks(view, { status }, signer))))
      expect(signer.verify(button.value)).toEqual({
        organizationId: view.organizationId,
        incidentId: view.incidentId,
        pageId: view.pageId,
        action: button.action_id.replace('tocsin:', ''),
      });
  });

  it('escapes what alerts wrote, so no mention or disguised link gets through', () => {
    const all = JSON.stringify(slackIncidentBlocks(view, { status: 'acknowledged', note: 'Acknowledged by <@U1>' }, signer));
    expect(all).not.toContain('<!channel>');
    expect(all).not.toContain('<http://evil|');
    expect(all).not.toContain('<@U1>');
    expect(all).toContain('&lt;!channel&gt;');
    expect(slackMessageText(view, { status: 'active' })).toBe(
      '[CRITICAL] Disk full &lt;!channel&gt; on &lt;http://evil|db-1&gt; &amp; co: active',
    );
    expect(slackEscape('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
  });

  it('shows who acted, and a test page has no buttons', () => {
    expect(JSON.stringify(slackIncidentBlocks(view, { status: 'acknowledged', note: 'Acknowledged by Ada' }, signer))).toContain(
      'Acknowledged by Ada',
    );
    expect(buttons(slackIncidentBlocks({ ...view, test: true }, { status: 'active' }, signer))).toEqual([]);
  });
});
