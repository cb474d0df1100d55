/** Single sign-on connection kinds: generic OIDC, its presets, and SAML 2.0. */
export const SSO_KINDS = ['oidc', 'azure', 'okta', 'google', 'saml'] as const;
export type SsoKind = (typeof SSO_KINDS)[number];
