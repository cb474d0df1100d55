import { STATUS_UPDATE_LABELS } from '../domain/status-page.ts';
import type { StatusPageView } from './page-view.ts';

// Characters XML 1.0 forbids are dropped; the five special ones escaped.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_XML = /[\u0000-\u0008\v\f\u000e-\u001f\ufffe\uffff]/g;
const escapeXml = (text: string) =>
  text
    .replace(FORBIDDEN_IN_XML, '')
    .replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] as string);

/** The page's public updates as an Atom feed (RFC 4287): one entry per update, newest first. */
export function renderStatusPageAtom(view: StatusPageView, pageUrl: string): string {
  const entries = view.incidents
    .flatMap((incident) => incident.updates.map((update) => ({ incident, update })))
    .sort((a, b) => b.update.created_at.localeCompare(a.update.created_at))
    .slice(0, 200)
    .map(
      ({ incident, update }) => `<entry>
<id>urn:uuid:${escapeXml(update.id)}</id>
<title>${escapeXml(`${STATUS_UPDATE_LABELS[update.kind]}: ${incident.name}`)}</title>
<updated>${escapeXml(update.created_at)}</updated>
<link rel="alternate" type="text/html" href="${escapeXml(pageUrl)}"/>
<content type="text">${escapeXml(update.body)}</content>
</entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${escapeXml(pageUrl)}</id>
<title>${escapeXml(`${view.title} status`)}</title>
<updated>${escapeXml(view.updated_at)}</updated>
<link rel="self" type="application/atom+xml" href="${escapeXml(`${pageUrl}/feed.atom`)}"/>
<link rel="alternate" type="text/html" href="${escapeXml(pageUrl)}"/>
<author><name>${escapeXml(view.title)}</name></author>
${entries}
</feed>
`;
}
