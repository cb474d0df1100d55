import type { EntityManager } from '@mikro-orm/postgresql';

/** A domain an SSO connection claims, with the DNS token that verifies it (`sso_domains`). */
export interface DomainClaim {
  connection_id: string;
  domain: string;
  token: string;
  verified_at: Date | string | null;
}

/** The claims of each connection, by domain. */
export async function domainClaimsOf(em: EntityManager, connectionIds: readonly string[]): Promise<DomainClaim[]> {
  if (connectionIds.length === 0) return [];
  return em.execute<DomainClaim[]>(
    'select connection_id, domain, token, verified_at from sso_domains where connection_id in (select value::uuid from jsonb_array_elements_text(?::jsonb)) order by domain',
    [JSON.stringify(connectionIds)],
  );
}

/** The connection's claim of the domain. */
export async function domainClaim(em: EntityManager, connectionId: string, domain: string): Promise<DomainClaim | undefined> {
  const [claim] = await em.execute<DomainClaim[]>(
    'select connection_id, domain, token, verified_at from sso_domains where connection_id = ? and domain = ?',
    [connectionId, domain],
  );
  return claim;
}

/** Another connection's verified claim of the domain. */
export async function verifiedClaimElsewhere(em: EntityManager, domain: string, connectionId: string): Promise<DomainClaim | undefined> {
  const [holder] = await em.execute<DomainClaim[]>(
    'select connection_id, domain, token, verified_at from sso_domains where domain = ? and verified_at is not null and connection_id <> ?',
    [domain, connectionId],
  );
  return holder;
}

/** The connection that verified the domain. */
export async function verifiedConnectionFor(em: EntityManager, domain: string): Promise<string | undefined> {
  const [row] = await em.execute<Array<{ connection_id: string }>>(
    'select connection_id from sso_domains where domain = ? and verified_at is not null',
    [domain],
  );
  return row?.connection_id;
}

/**
 * Sets the connection's claims to exactly `domains`: kept ones keep their token and verification,
 * new ones start unverified with a fresh token.
 */
export async function replaceDomainClaims(em: EntityManager, connectionId: string, domains: readonly string[]): Promise<void> {
  const list = JSON.stringify(domains);
  await em.execute(
    'delete from sso_domains where connection_id = ? and domain not in (select jsonb_array_elements_text(?::jsonb))',
    [connectionId, list],
    'run',
  );
  await em.execute(
    `insert into sso_domains (domain, connection_id, token)
     select value, ?, replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') from jsonb_array_elements_text(?::jsonb)
     on conflict (connection_id, domain) do nothing`,
    [connectionId, list],
    'run',
  );
}

/** Marks the connection's claim verified or not; verifying raises a unique violation while another connection holds it verified. */
export async function setDomainVerified(em: EntityManager, connectionId: string, domain: string, verified: boolean): Promise<void> {
  await em.execute(
    `update sso_domains set verified_at = ${verified ? 'now()' : 'null'} where connection_id = ? and domain = ?`,
    [connectionId, domain],
    'run',
  );
}
