import { Resolver } from 'node:dns/promises';

/**
 * Proving an email domain by DNS: the domain's administrators publish the token Tocsin shows as a
 * TXT record at `_tocsin-challenge.<domain>`. Pure rules here; the lookup goes through a resolver
 * the operator configures (SSO_DNS_SERVERS), so tests and air-gapped sites can point it anywhere.
 */
export const challengeName = (domain: string): string => `_tocsin-challenge.${domain}`;

/** Whether one of the TXT records (each a list of character-strings, joined) is exactly the token. */
export function holdsToken(records: readonly (readonly string[])[], token: string): boolean {
  return records.some((chunks) => chunks.join('').trim() === token);
}

/** TXT records at a name; a name or type that does not exist is no record, not an error. */
export type TxtLookup = (name: string) => Promise<string[][]>;

const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);

export function createTxtLookup(options: { servers: readonly string[]; timeoutMs?: number }): TxtLookup {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });
  if (options.servers.length) resolver.setServers([...options.servers]);
  return async (name) => {
    try {
      return await resolver.resolveTxt(name);
    } catch (error) {
      if (ABSENT.has((error as { code?: string }).code ?? '')) return [];
      throw error;
    }
  };
}
