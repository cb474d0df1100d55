/**
 * Write-only secret headers for outbound calls (integrations' `webhook_config.secret_headers`,
 * runbook http steps' `config.secret_headers`): values are sealed with the secret box when written,
 * never returned (responses show each name with REDACTED), and opened only by the worker at send time.
 * Pure: sealing and opening are passed in.
 */

/** What responses show instead of a secret (or, for callers who may not edit, any header) value. */
export const REDACTED = '[redacted]';

const lower = (name: string) => name.toLowerCase();

export type SealOutcome = { ok: true; sealed: Record<string, string> | undefined } | { ok: false; unknownNames: string[] };

/**
 * The sealed map to store after a write. `input` undefined keeps what is stored (a client editing a
 * URL need not resend credentials it cannot read); `{}` removes them all; a value of REDACTED keeps
 * the stored value of that name (a client may send back what it read), any other value is sealed.
 */
export function sealSecretHeaders(
  input: Readonly<Record<string, string>> | undefined,
  stored: Readonly<Record<string, string>> | undefined,
  seal: (plain: string) => string,
): SealOutcome {
  if (input === undefined) return { ok: true, sealed: stored && Object.keys(stored).length ? { ...stored } : undefined };
  const storedByName = new Map(Object.entries(stored ?? {}).map(([name, value]) => [lower(name), value]));
  const sealed: Record<string, string> = {};
  const unknownNames: string[] = [];
  for (const [name, value] of Object.entries(input)) {
    if (value !== REDACTED) sealed[name] = seal(value);
    else if (storedByName.has(lower(name))) sealed[name] = storedByName.get(lower(name)) as string;
    else unknownNames.push(name);
  }
  if (unknownNames.length) return { ok: false, unknownNames };
  return { ok: true, sealed: Object.keys(sealed).length ? sealed : undefined };
}

/** Every value replaced by REDACTED, names kept; undefined stays undefined. */
export function redactHeaderValues(headers: Readonly<Record<string, unknown>> | undefined): Record<string, string> | undefined {
  return headers === undefined ? undefined : Object.fromEntries(Object.keys(headers).map((name) => [name, REDACTED]));
}

/**
 * The headers to send: `headers` with the opened secrets added, a secret replacing a plain header
 * of the same name whatever its case. CR, LF and NUL are dropped, as from every rendered header.
 */
export function withSecretHeaders(
  headers: Readonly<Record<string, string>>,
  sealed: Readonly<Record<string, string>> | undefined,
  open: (sealed: string) => string,
): Record<string, string> {
  if (!sealed || Object.keys(sealed).length === 0) return { ...headers };
  const secretNames = new Set(Object.keys(sealed).map(lower));
  const out = Object.fromEntries(Object.entries(headers).filter(([name]) => !secretNames.has(lower(name))));
  for (const [name, value] of Object.entries(sealed)) out[name] = open(value).replace(/[\r\n\0]/g, '');
  return out;
}
