// What the OpenAPI document says of each session operation, by operationId (api/routes/session.routes.ts).

export const sessionDocs = {
  refreshToken:
    'Takes `refresh_token` from the body or the `refresh_token` cookie. The refresh token is rotated: the answer carries a new one ' +
    '(also set as the `refresh_token` cookie, with a fresh `access_token` cookie) and the one presented is spent. ' +
    'The session keeps the end its login gave it (the refresh token lifetime after login, 7 days by default). ' +
    'Presenting a spent refresh token again ends the whole session (every access and refresh token of it): a copy was used, by a thief or by the user after one. ' +
    'Fails with 401 INVALID_TOKEN when the refresh token is expired (`Token has expired`), spent, revoked by logout, logout-all or a password reset, or its user is gone.',
  logout:
    'Ends the session: the presented access token, every other token of its session, and the refresh token sent ' +
    '(body `refresh_token` or the cookie) stop working in every API process. Needs a user session: an API key gets 403 (revoke keys with DELETE /api-keys/{id}).',
  logoutAll:
    'Every access and refresh token of the user issued until now is refused, in every API process, and open WebSocket connections on them are closed; ' +
    'the session cookies are cleared. For a lost device or a suspected leak. API keys are not affected (revoke them with DELETE /api-keys/{id}). ' +
    'Needs a user session: an API key gets 403.',
} as const;
