// What the OpenAPI document says of each auth operation, by operationId (api/routes/auth.routes.ts).

export const authDocs = {
  register: 'The first user of a new organization has the role `owner`.',
  login:
    'Accepts JSON or form-urlencoded (`username` or `email`, `password`). Also sets `access_token` and `refresh_token` as httpOnly cookies (Secure over HTTPS; in production not at all over plain HTTP). ' +
    "When the organization's setting `sso_required` is on, everyone but owners gets 403 SSO_REQUIRED for the right password (a wrong one gets the 401 any wrong password or unknown email gets, and counts toward the lockout), and signs in through /sso/initiate. " +
    'A wrong email or password is 401 INVALID_TOKEN. Repeated failures for one email (5 within 15 minutes unless the operator set other limits) lock it: 423 ACCOUNT_LOCKED with Retry-After, even for the right password. ' +
    'Many failed logins from one client address (an IPv4 address or IPv6 /64) across accounts (50 within 15 minutes unless the operator set other limits): 429 RATE_LIMITED with Retry-After until that window ends. ' +
    "Sent by a page of another site (`Origin` not the instance's nor one of its allowed browser origins, or `Sec-Fetch-Site: cross-site`): 403 CSRF_REJECTED.",
  me: "`auth_method` says how this request authenticated: `password` or `sso` (the session's login), or `api_key`.",
} as const;
