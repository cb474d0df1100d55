// What the OpenAPI document says of each channel operation, by operationId (api/routes/channel.routes.ts).

export const channelDocs = {
  listChannelConnections: 'Slack app, Matrix bot, Twilio account, ntfy server: only what is safe to show (never a token or a password).',
  putChannelConnection:
    "The body is validated by the kind's own schema (422 with the fields otherwise; 422 too when this server has no such channel). " +
    'Secrets are stored encrypted and never shown again: every setting is given again on a change.',
  deleteChannelConnection: 'Pages through it fail (recorded on each page) until it is connected again.',
  listMyChannelIdentities: 'The chat and phone accounts that act as you when they press a button or reply to a page.',
  previewChannelLink: 'A link of another organization, forged or unknown is 404; an expired one (15 minutes) is 409.',
  linkChannelIdentity:
    'With the token of the link the channel sent (15 minutes, single use): from then on that account acts as you. ' +
    'An account linked before to someone else in the organization is moved to you. A used or expired link is 409; one of another organization 404. API keys are refused (403).',
} as const;
