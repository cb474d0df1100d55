/**
 * Renders an integration's `webhook_config` template and headers for one event. Placeholders
 * `{{name}}` are replaced inside string values only, from a fixed table of names (unknown names
 * become empty strings); nothing is ever evaluated. The body is built as an object and serialized
 * once with JSON.stringify, so a title full of quotes cannot break out of its string.
 */

export interface TemplateIncident {
  id: string;
  title: string;
  severity: string;
  status: string;
}

export interface TemplateContext {
  event: { id: string; type: string; timestamp: string };
  incident: TemplateIncident | null;
  /** The integration's plain secret, offered to headers only. */
  secret: string | null;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;
const MAX_DEPTH = 20;

function values(context: TemplateContext, withSecret: boolean): Record<string, string> {
  const table: Record<string, string> = {
    'incident.id': context.incident?.id ?? '',
    'incident.title': context.incident?.title ?? '',
    'incident.severity': context.incident?.severity ?? '',
    'incident.status': context.incident?.status ?? '',
    'event.id': context.event.id,
    'event.type': context.event.type,
    'event.timestamp': context.event.timestamp,
  };
  if (withSecret) table['integration.secret'] = context.secret ?? '';
  return table;
}

/** Replaces the placeholders of one string; a name outside the table becomes ''. */
export function renderString(text: string, table: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => (Object.hasOwn(table, name) ? (table[name] as string) : ''));
}

/** Renders every string inside a JSON value (objects and arrays to a bounded depth); other values stay. */
export function renderValue(value: unknown, table: Record<string, string>, depth = 0): unknown {
  if (typeof value === 'string') return renderString(value, table);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => renderValue(item, table, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = renderValue(item, table, depth + 1);
  return out;
}

/** The default body when an integration has no template. */
export function defaultBody(context: TemplateContext): Record<string, unknown> {
  return { event: context.event.type, event_id: context.event.id, timestamp: context.event.timestamp, incident: context.incident };
}

/** The request body as JSON text: the template rendered (secret not available), or the default body. */
export function renderBody(template: Record<string, unknown> | null | undefined, context: TemplateContext): string {
  const body = template ? renderValue(template, values(context, false), 0) : defaultBody(context);
  return JSON.stringify(body);
}

/** Header values rendered with `{{integration.secret}}` available; CR and LF removed. */
export function renderHeaders(headers: Record<string, string> | null | undefined, context: TemplateContext): Record<string, string> {
  const table = values(context, true);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (typeof value !== 'string') continue;
    out[name] = renderString(value, table).replace(/[\r\n\0]/g, '');
  }
  return out;
}
