import { buildStatusPageView, DEFAULT_PUBLIC_INCIDENT_NAME, type PageSource } from '../../../shared/status-page/page-view.ts';
import { renderStatusPageAtom } from '../../../shared/status-page/render-atom.ts';
import { renderStatusPageHtml } from '../../../shared/status-page/render-html.ts';

const now = new Date('2026-11-29T12:00:00.000Z');
const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function source(overrides: Partial<PageSource> = {}): PageSource {
  return {
    page: { slug: 'acme', title: 'Acme <Corp>', updatedAt: at(600) },
    components: [
      {
        id: ID(1),
        name: 'API',
        description: null,
        integrationIds: ['int-a'],
        routingRuleIds: [],
        statusOverride: null,
        updatedAt: at(500),
      },
      {
        id: ID(2),
        name: 'Web <b>app</b>',
        description: 'The "console"',
        integrationIds: ['int-b'],
        routingRuleIds: [],
        statusOverride: null,
        updatedAt: at(500),
      },
    ],
    openIncidents: [{ severity: 'high', integrationId: 'int-a', routingRuleId: null }],
    published: [
      {
        id: ID(10),
        severity: 'high',
        status: 'investigating',
        integrationId: 'int-a',
        routingRuleId: null,
        updates: [
          { id: ID(11), kind: 'monitoring', title: null, body: 'Fixed <script>alert(1)</script>', createdAt: at(5) },
          { id: ID(12), kind: 'investigating', title: 'API errors', body: 'Looking & checking', createdAt: at(30) },
        ],
      },
      {
        id: ID(20),
        severity: 'critical',
        status: 'resolved',
        integrationId: 'int-b',
        routingRuleId: null,
        updates: [{ id: ID(21), kind: 'resolved', title: null, body: 'Done', createdAt: at(60 * 24 * 3) }],
      },
    ],
    maintenances: [
      { id: ID(30), description: 'Database upgrade', integrationIds: ['int-b'], from: at(10), until: at(-50) },
      { id: ID(31), description: 'Later', integrationIds: [], from: at(-600), until: at(-660) },
    ],
    now,
    ...overrides,
  };
}

describe('buildStatusPageView', () => {
  it('derives statuses, names incidents from their public updates only and orders updates newest first', () => {
    const view = buildStatusPageView(source());
    expect(view.status).toBe('partial_outage');
    expect(view.components.map((component) => [component.name, component.status])).toEqual([
      ['API', 'partial_outage'],
      ['Web <b>app</b>', 'under_maintenance'],
    ]);
    expect(view.incidents.map((incident) => [incident.name, incident.status, incident.resolved, incident.components])).toEqual([
      ['API errors', 'monitoring', false, ['API']],
      [DEFAULT_PUBLIC_INCIDENT_NAME, 'resolved', true, ['Web <b>app</b>']],
    ]);
    expect(view.incidents[0]?.updates.map((update) => update.id)).toEqual([ID(11), ID(12)]);
    expect(view.incidents[0]?.started_at).toBe(at(30).toISOString());
    expect(view.updated_at).toBe(at(5).toISOString());
    expect(view.maintenances.map((window) => [window.description, window.in_progress, window.components])).toEqual([
      ['Database upgrade', true, ['Web <b>app</b>']],
      ['Later', false, ['API', 'Web <b>app</b>']],
    ]);
  });

  it('lists no past maintenance and no incident without updates', () => {
    const view = buildStatusPageView(
      source({
        maintenances: [{ id: ID(32), description: 'Over', integrationIds: [], from: at(120), until: at(60) }],
        published: [{ id: ID(40), severity: 'low', status: 'active', integrationId: null, routingRuleId: null, updates: [] }],
      }),
    );
    expect(view.maintenances).toEqual([]);
    expect(view.incidents).toEqual([]);
  });
});

describe('renderers', () => {
  const view = buildStatusPageView(source());

  it('escapes every value in the HTML and carries no script', () => {
    const html = renderStatusPageHtml(view, '/status/acme');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>app</b>');
    expect(html).toContain('Fixed &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Acme &lt;Corp&gt; status');
    expect(html).toContain('The &quot;console&quot;');
    expect(html).toContain('Looking &amp; checking');
    expect(html).toContain('action="/status/acme/subscribe"');
    expect(html).toContain('href="/status/acme/feed.atom"');
  });

  it('writes an Atom entry per public update, escaped, newest first', () => {
    const atom = renderStatusPageAtom(view, 'https://status.acme.example');
    const ids = [...atom.matchAll(/<id>urn:uuid:([^<]+)<\/id>/g)].map((match) => match[1]);
    expect(ids).toEqual([ID(11), ID(12), ID(21)]);
    expect(atom).toContain('<content type="text">Fixed &lt;script&gt;alert(1)&lt;/script&gt;</content>');
    expect(atom).toContain('<title>Monitoring: API errors</title>');
    expect(atom).toContain('<link rel="self" type="application/atom+xml" href="https://status.acme.example/feed.atom"/>');
  });
});
