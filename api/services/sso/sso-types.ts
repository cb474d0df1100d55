import type { SsoKind } from '../../schemas/sso.schemas.ts';

/** Config fields that are never stored in the clear nor returned. */
export const SECRET_FIELDS = ['client_secret', 'sp_private_key'] as const;
export type Secrets = Partial<Record<(typeof SECRET_FIELDS)[number], string>>;

/** A connection as the sign-in flow needs it: config and secrets in the clear, in memory only. */
export interface LoadedSsoConnection {
  id: string;
  organizationId: string;
  name: string;
  kind: SsoKind;
  domains: string[];
  defaultRole: string;
  config: Record<string, unknown>;
  secrets: Secrets;
  /** Changes whenever the connection does: keys per-connection caches (OIDC discovery). */
  version: string;
}

export interface SsoUrls {
  /** OIDC redirect URI and SAML ACS: one callback route serves both. */
  callbackUrl: string;
  spEntityId(connectionId: string): string;
}

/** The request a sign-in step came with, for the audit log. */
export interface SsoRequestMeta {
  method: string;
  path: string;
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}
