// What the OpenAPI document says of each slack operation, by operationId (api/routes/slack.routes.ts).

const VERIFIED =
  'Verified as Slack documents: `X-Slack-Signature` is `v0=` and the hex HMAC-SHA256, under the Slack app’s signing secret, of `v0:{X-Slack-Request-Timestamp}:{raw body}`; ' +
  'a timestamp more than 5 minutes from now, a wrong signature or a request already received (a replay) is 401 `WEBHOOK_VALIDATION_FAILED` (webhook error shape) and changes nothing.';

export const slackDocs = {
  slackInstall:
    "Answers 302 to Slack's authorize page (`Accept: application/json`: 200 with `authorization_url`) for the bot scopes the app needs, with a state sealed for you and your organization " +
    '(10 minutes, single use). 409 when the operator has not configured a Slack app on this instance.',
  slackOAuthCallback:
    "Slack sends the admin's browser here with `code` and `state`. The state must be one this member started in this organization, within 10 minutes, not used before (400 otherwise). " +
    "The code is exchanged with `oauth.v2.access`; the bot token is stored sealed as the organization's `slack` channel connection (never shown again) " +
    'and the answer is 302 to the console’s integrations page (`?slack=connected`, or `?slack=denied` when the admin declined).',
  slackInteractions:
    `${VERIFIED} A press of Acknowledge, Resolve or Escalate acts on the incident its button was made for as the Slack user's linked member, with their role, once ` +
    '(timeline, audit, the escalation stops); the message is then updated for everyone. A user not linked, or linked in another organization, is told why (an ephemeral message, ' +
    'with the link to link their account) and nothing changes. Always 200 once verified: Slack shows the answer, not the status.',
  slackCommands:
    `${VERIFIED} \`/tocsin ack <incident id>\`, \`resolve <incident id>\`, \`incident <incident id>\`, \`oncall\` and \`link\`, as the Slack user's linked member; ` +
    'the answer is shown to that user only.',
} as const;
