/**
 * Write-only secret headers for outbound calls (integrations' `webhook_config.secret_headers`,
 * runbook http steps' `config.secret_headers`): values are sealed with the secret box when written,
 * never returned (responses show each name with REDACTED), and opened only by the worker at send time.
 * Pure: sealing and opening are passed in.
 */

/** What responses show instead of a secret (or, for callers who may not edit, any header) value. */
export const REDACTED = '[redacted]';

const lower = (name: string) => name.toLowerCase();

/** A header the write must send again, and why. */
export interface RefusedSecretHeader {
  name: string;
  message: string;
}

export type SealOutcome = { ok: true; sealed: Record<string, string> | undefined } | { ok: false; refused: RefusedSecretHeader[] };

const NOTHING_STORED = "No stored value to keep: send the header's value";
const DESTINATION_CHANGED =
  "The URL's scheme, host or port changed: send the header's value again (a stored secret is only sent where it was first written for)";

/**
 * The sealed map to store after a write. `input` undefined keeps what is stored (a client editing a
 * URL's path need not resend credentials it cannot read); `{}` removes them all; a value of REDACTED
 * keeps the stored value of that name, any other value is sealed. `sameDestination` false (the URL
 * now reaches another scheme, host or port) keeps nothing: every stored secret must be sent again.
 */
export function sealSecretHeaders(
  input: Readonly<Record<string, string>> | undefined,
  stored: Readonly<Record<string, string>> | undefined,
  seal: (plain: string) => string,
  sameDestination: boolean,
): SealOutcome {
  const storedNames = Object.keys(stored ?? {});
  if (input === undefined) {
    if (storedNames.length === 0) return { ok: true, sealed: undefined };
    if (!sameDestination) return { ok: false, refused: storedNames.map((name) => ({ name, message: DESTINATION_CHANGED })) };
    return { ok: true, sealed: { ...stored } };
  }
  const storedByName = new Map(Object.entries(stored ?? {}).map(([name, value]) => [lower(name), value]));
  const sealed: Record<string, string> = {};
  const refused: RefusedSecretHeader[] = [];
  for (const [name, value] of Object.entries(input)) {
    if (value !== REDACTED) sealed[name] = seal(value);
    else if (!storedByName.has(lower(name))) refused.push({ name, message: NOTHING_STORED });
    else if (!sameDestination) refused.push({ name, message: DESTINATION_CHANGED });
    else sealed[name] = storedByName.get(lower(name)) as string;
  }
  if (refused.length) return { ok: false, refused };
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
