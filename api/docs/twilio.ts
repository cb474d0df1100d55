// What the OpenAPI document says of each twilio operation, by operationId (api/routes/twilio.routes.ts).

const SIGNED =
  'Signed by Twilio (`X-Twilio-Signature`: HMAC-SHA1 with the Auth Token of the organization’s Twilio connection over the public URL and the sorted POST parameters); anything else is 401 and changes nothing.';

export const twilioDocs = {
  twilioInboundSms:
    `${SIGNED} The reply \`4\` (or \`ack\`) acknowledges, \`6\` (\`resolve\`) resolves, \`9\` (\`escalate\`) escalates the most recent page sent to the sender’s number ` +
    '(a verified `sms` or `voice` contact method of a member of the organization), as that member: their role’s permissions, the timeline, the audit log, the escalation stops. ' +
    'Answers TwiML `<Message>` saying what happened (or that someone else acted first); each `MessageSid` is acted on once, a replay answers an empty `<Response/>` and changes nothing.',
  twilioPageStatus:
    `${SIGNED} A final failure of the page’s message or call (\`undelivered\`, \`failed\`, \`busy\`, \`no-answer\`) marks the page failed with the reason, ` +
    'so its delivery status says the member was not reached; other statuses, or a report about another message than the page’s, change nothing.',
  twilioInboundCall: `${SIGNED} Pages are outbound only: the caller hears so.`,
  twilioVoicePage: `${SIGNED} Reads the incident as it is when the call is answered and gathers one key (4 acknowledge, 6 resolve, 9 escalate), posted to \`…/gather\`.`,
  twilioVoiceGather:
    `${SIGNED} 4 acknowledges, 6 resolves, 9 escalates the page’s incident as the paged member; the call then says what happened (or that someone else acted first) and hangs up. ` +
    'Each key of a call (`CallSid`) is acted on once: a replay changes nothing.',
} as const;
