// What the OpenAPI document says of each sso operation, by operationId (api/routes/sso.routes.ts).

const CALLBACK_DESCRIPTION =
  "The identity provider's answer: OIDC `code` and `state` (query, or `form_post`), or the SAML ACS post (`SAMLResponse`, `RelayState`). " +
  'The state is looked up server-side and spent (single use, 10 minutes), and must come with the httpOnly cookie GET /sso/initiate (or POST /sso/link) set for it in the same browser ' +
  '(401 SSO_FAILED without it: a sign-in delivered through another browser is refused). openid-client validates the id_token (signature, issuer, audience, expiry, nonce; PKCE on the code); ' +
  "node-saml validates the SAML response (signed assertion required, audience, issuer, NotBefore/NotOnOrAfter, InResponseTo of this sign-in's request), and the assertion's Recipient " +
  'must be this ACS URL and its ID unseen. The user is the one this identity (the issuer and the OIDC `sub` or SAML NameID, which must not be transient) is linked to; ' +
  "an email nobody has yet gets a new user with the connection's `default_role`, linked to the identity. An email that already has an account is never matched by email alone: " +
  'nobody is signed in (401 SSO_FAILED), and the account is mailed a single-use link (1 hour) confirming the identity (POST /sso/link/confirm); ' +
  'or its user, signed in, links it through POST /sso/link. ' +
  "The email's domain must be one of the connection's, and a user of another organization is refused. Success: the same token response and cookies as POST /auth/login " +
  '(`auth_method: sso` in GET /auth/me), or 302 to the `redirect_to` given at initiate with the cookies set. Any refusal: 401 SSO_FAILED with a `detail` saying why; nothing is created. ' +
  'Every sign-in and refusal is in the audit log (`sso.login`, `sso.login_refused`, `sso.user_provisioned`, `sso.link_requested`, `sso.identity_linked`).';

export const ssoDocs = {
  createSsoConnection:
    '`kind` `oidc` takes `config.issuer`; the presets derive it: `azure` from `tenant_id` (https://login.microsoftonline.com/{tenant_id}/v2.0), ' +
    '`okta` from `domain` (https://{domain}, or https://{domain}/oauth2/{authorization_server}), `google` is https://accounts.google.com and requires `hd` = `hosted_domain`. ' +
    '`saml` takes `idp_metadata_xml` or `idp_entity_id` + `idp_sso_url` + `idp_certificate`. `client_secret` and `sp_private_key` are write-only and stored encrypted. ' +
    'The response says what to register at the identity provider: `redirect_uri` (OIDC) or `acs_url`, `sp_entity_id` and `sp_metadata_url` (SAML). ' +
    "Domains start unverified (`domain_verifications` gives each one's DNS record): they route sign-ins by email once verified. " +
    "`default_role` is never `owner`, nor above the caller's role (403). Every owner of the organization is mailed, and the audit log records `sso.connection_trust_changed`.",
  updateSsoConnection:
    "`config` is merged into the stored one and validated for the connection's kind, which cannot change: keys of another kind's config " +
    '(e.g. `tenant_id` on an `oidc` connection, `client_secret` on a `saml` one) are refused with 422 VALIDATION_ERROR naming them. ' +
    'Omitted write-only fields keep their stored values, except an OIDC `client_secret` when the issuer moves to another scheme, host or port: ' +
    'the request must then carry it again (422 naming `config.client_secret`). ' +
    '`config`, `domains` and `default_role` decide who can sign in as whom: a request carrying any of them needs an owner (403 otherwise); a change is recorded ' +
    '(`sso.connection_trust_changed`) and mailed to every owner. A changed issuer or IdP entity id leaves existing users unlinked: each links again at their next sign-in. ' +
    'Domains kept keep their verification; new ones start unverified.',
  verifySsoDomain:
    'Looks up the TXT record `_tocsin-challenge.{domain}` and marks the claim verified when one record is exactly the ' +
    "claim's `record_value`; only verified domains route `GET /sso/initiate?email=`. One connection at most holds a domain verified: the first to verify. " +
    "Another connection's verification is refused (409) while the holder's own record is still published; once the holder's record is gone from DNS, the next " +
    'verification moves the domain (whoever controls the zone decides). The holder can also free it by removing the domain from its connection. ' +
    'No matching record yet: 409; DNS lookup failure: 503. Verifying a verified claim answers it unchanged.',
  deleteSsoConnection: 'Users it created stay (they can reset a password); sign-ins in progress through it fail.',
  ssoInitiate:
    'Takes one of `connection_id`, `email` or `organization_id` (without any: 422). ' +
    'Picks the enabled connection by `connection_id`, by the verified domain of `email`, or the only one of `organization_id`, and answers 302 to the identity provider ' +
    '(`Accept: application/json`: 200 with `authorization_url`). State, nonce and PKCE verifier (SAML: the AuthnRequest id) are kept server-side, single use, for 10 minutes. ' +
    'Sets an httpOnly cookie for the callback path binding the sign-in to this browser (SameSite=None and Secure over HTTPS, for the SAML cross-site POST; Lax over plain HTTP). ' +
    'Rate-limited per client IP like /auth/login. No matching enabled connection: 404 SSO_CONNECTION_NOT_FOUND.',
  ssoLinkStart:
    'For a signed-in user (not an API key): starts a sign-in through the connection in link mode and answers the authorization URL. ' +
    "When the identity provider answers with the user's own email, that identity (issuer and subject) is linked to the account, replacing any earlier one " +
    'at this connection, and the callback signs the user in. An identity already linked to another account is refused (401 SSO_FAILED at the callback).',
  ssoLinkConfirm:
    'The token of the mail sent when a first SSO sign-in named the email of an existing account. Links that identity to the account; ' +
    'the next sign-in through the connection signs it in. Single use, 1 hour; an invalid, used or expired token is 401 INVALID_TOKEN, ' +
    'an identity meanwhile linked to another account 409.',
  ssoCallbackQuery: CALLBACK_DESCRIPTION,
  ssoCallbackPost: CALLBACK_DESCRIPTION,
  ssoSamlMetadata:
    'Give this document (or its URL, which is also the SP entity id) to the identity provider. Public, as identity providers fetch it.',
} as const;
