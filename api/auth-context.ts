/** Who is calling, resolved once per request from the credential; services take it first. */
export interface AuthContext {
  kind: 'user' | 'api_key';
  organizationId: string;
  /** The user behind the credential (for a key: the user who created it). */
  userId: string;
  apiKeyId: string | null;
  role: string;
  permissions: readonly string[];
  /** The access token's id, so logout can revoke exactly this token. */
  tokenId: string | null;
  tokenExpiresAt: Date | null;
  /** The session (refresh-token family) of the access token; null for API keys and older tokens. */
  sessionId?: string | null;
  /** How the caller authenticated: a password or SSO session (from the token), or an API key. */
  authMethod?: 'password' | 'sso' | 'api_key';
}
