import { createHash } from 'node:crypto';
import { COMPONENT_STATUS_LABELS, STATUS_UPDATE_LABELS, type ComponentStatus } from '../domain/status-page.ts';
import { escapeHtml } from '../html-escape.ts';
import type { StatusPageView } from './page-view.ts';

// One stylesheet for both themes (prefers-color-scheme) and phone widths; colours meet WCAG AA contrast.
const STYLE = `:root{color-scheme:light dark;--bg:#ffffff;--fg:#1b1f24;--muted:#4d5560;--line:#d0d7de;--card:#f6f8fa;--ok:#116329;--maint:#0b5cad;--degraded:#7d4e00;--partial:#a0410d;--major:#b3261e}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9da7b3;--line:#30363d;--card:#161b22;--ok:#3fb950;--maint:#58a6ff;--degraded:#d29922;--partial:#f0883e;--major:#ff7b72}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:52rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.75rem;margin:0 0 1rem}h2{font-size:1.25rem;margin:2rem 0 .75rem}h3{font-size:1.05rem;margin:0}
.banner{border:1px solid var(--line);border-left:.5rem solid currentColor;border-radius:.5rem;padding:1rem;font-weight:600;background:var(--card)}
ul.components{list-style:none;margin:0;padding:0;border:1px solid var(--line);border-radius:.5rem}
ul.components li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem;padding:.75rem 1rem;border-top:1px solid var(--line)}ul.components li:first-child{border-top:0}
.desc{color:var(--muted);font-size:.9rem;flex-basis:100%;margin:0}
.operational{color:var(--ok)}.under_maintenance{color:var(--maint)}.degraded_performance{color:var(--degraded)}.partial_outage{color:var(--partial)}.major_outage{color:var(--major)}
article{border:1px solid var(--line);border-radius:.5rem;padding:1rem;margin:0 0 1rem;background:var(--card)}
article ol{list-style:none;padding:0;margin:.5rem 0 0}article li{margin:.5rem 0 0}time,.meta{color:var(--muted);font-size:.9rem}
p.body{margin:.1rem 0;white-space:pre-wrap;overflow-wrap:anywhere}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}label{flex-basis:100%}
input{font:inherit;padding:.5rem;border:1px solid var(--muted);border-radius:.375rem;background:var(--bg);color:var(--fg);min-width:0;flex:1 1 14rem}
button{font:inherit;padding:.5rem 1rem;border:0;border-radius:.375rem;background:#0b5cad;color:#ffffff;cursor:pointer}
a{color:var(--maint)}footer{margin-top:2rem;color:var(--muted);font-size:.9rem}`;

/** The Content-Security-Policy of the page: its one stylesheet (by hash) and forms to itself, nothing else. */
export const STATUS_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

const label = (status: ComponentStatus) => COMPONENT_STATUS_LABELS[status];
const time = (iso: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.slice(0, 16).replace('T', ' '))} UTC</time>`;

/** The page as HTML: server-rendered, no script, every value escaped. `basePath` is where its feed and form live. */
export function renderStatusPageHtml(view: StatusPageView, basePath: string): string {
  const components = view.components.length
    ? `<ul class="components">${view.components
        .map(
          (component) =>
            `<li><span>${escapeHtml(component.name)}</span><span class="${component.status}">${label(component.status)}</span>${
              component.description ? `<p class="desc">${escapeHtml(component.description)}</p>` : ''
            }</li>`,
        )
        .join('')}</ul>`
    : '<p>No components are listed.</p>';
  const incident = (item: StatusPageView['incidents'][number]) =>
    `<article aria-labelledby="incident-${escapeHtml(item.id)}"><h3 id="incident-${escapeHtml(item.id)}">${escapeHtml(item.name)}</h3>` +
    `<p class="meta"><span class="${item.impact}">${label(item.impact)}</span>${
      item.components.length ? ` · ${escapeHtml(item.components.join(', '))}` : ''
    }</p><ol>${item.updates
      .map(
        (update) =>
          `<li><strong>${STATUS_UPDATE_LABELS[update.kind]}</strong> · ${time(update.created_at)}<p class="body">${escapeHtml(update.body)}</p></li>`,
      )
      .join('')}</ol></article>`;
  const active = view.incidents.filter((item) => !item.resolved);
  const past = view.incidents.filter((item) => item.resolved);
  const maintenances = view.maintenances.length
    ? view.maintenances
        .map(
          (window) =>
            `<article><h3>${escapeHtml(window.description || 'Scheduled maintenance')}</h3><p class="meta">${
              window.in_progress ? 'In progress · ' : ''
            }${time(window.starts_at)} to ${time(window.ends_at)}${
              window.components.length ? ` · ${escapeHtml(window.components.join(', '))}` : ''
            }</p></article>`,
        )
        .join('')
    : '<p>No maintenance is scheduled.</p>';
  const base = escapeHtml(basePath);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(view.title)} status</title>
<link rel="alternate" type="application/atom+xml" title="${escapeHtml(view.title)} status feed" href="${base}/feed.atom">
<style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(view.title)} status</h1>
<p class="banner ${view.status}" role="status">${escapeHtml(view.status_text)}</p>
${active.length ? `<h2>Current incidents</h2>${active.map(incident).join('')}` : ''}
<h2>Components</h2>
${components}
<h2>Scheduled maintenance</h2>
${maintenances}
<h2>Past incidents (90 days)</h2>
${past.length ? past.map(incident).join('') : '<p>No incidents in the last 90 days.</p>'}
<h2>Get updates</h2>
<form method="post" action="${base}/subscribe"><label for="subscribe-email">Email address</label><input id="subscribe-email" name="email" type="email" autocomplete="email" required maxlength="254"><button type="submit">Subscribe</button></form>
<footer><a href="${base}/feed.atom">Atom feed</a> · <a href="${base}/summary.json">JSON</a> · Updated ${time(view.updated_at)}</footer>
</main></body>
</html>
`;
}

/** A small page for the subscription steps, in the status page's style. */
export function renderStatusMessageHtml(title: string, message: string, button?: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${
    button ? `<form method="post" action=""><button type="submit">${escapeHtml(button)}</button></form>` : ''
  }</main></body>
</html>
`;
}
