// oidc-provider ships no types; the little the test identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ProviderAccount {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & { findAccount?: (ctx: unknown, sub: string) => Promise<ProviderAccount | undefined> },
    );
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
