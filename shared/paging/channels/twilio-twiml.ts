import { createRequire } from 'node:module';
import type VoiceResponseModule from 'twilio/lib/twiml/VoiceResponse.js';
import type MessagingResponseModule from 'twilio/lib/twiml/MessagingResponse.js';
import { oneLine } from '../../mail/notification-mail.ts';

// The SDK's TwiML builders alone, not its REST client: the API answers Twilio's webhooks without
// loading the rest of the SDK.
const require = createRequire(import.meta.url);
const VoiceResponse = require('twilio/lib/twiml/VoiceResponse.js') as typeof VoiceResponseModule;
const MessagingResponse = require('twilio/lib/twiml/MessagingResponse.js') as typeof MessagingResponseModule;

/** What the call of a page reads. */
export interface VoicePageFacts {
  title: string;
  severity: string;
  status: string;
  test?: boolean;
}

const KEYS_PROMPT = 'Press 4 to acknowledge, 6 to resolve, or 9 to escalate.';

/**
 * The call of a page: it reads the incident and waits for one key, twice (a person woken up often
 * misses the first prompt), then hangs up. The key goes to `gatherUrl` (Twilio signs that request).
 */
export function voicePageTwiml(facts: VoicePageFacts, gatherUrl: string): string {
  const response = new VoiceResponse();
  const intro = facts.test
    ? 'This is a test page from Tocsin that you asked for. Nothing is wrong.'
    : `This is Tocsin. You are paged for a ${oneLine(facts.severity, 32)} incident: ${oneLine(facts.title, 300)}.`;
  if (facts.status === 'resolved') {
    response.say(`${intro} It is resolved already. Goodbye.`);
    return response.toString();
  }
  for (const prompt of [`${intro} ${KEYS_PROMPT}`, KEYS_PROMPT]) {
    response.gather({ numDigits: 1, action: gatherUrl, method: 'POST', timeout: 8, actionOnEmptyResult: false }).say(prompt);
  }
  response.say('No key was pressed. The escalation goes on. Goodbye.');
  return response.toString();
}

/** The answer to a key: what happened, then the call ends. */
export function voiceSayAndHangUp(message: string): string {
  const response = new VoiceResponse();
  response.say(oneLine(message, 500));
  response.hangup();
  return response.toString();
}

/** An unknown key: the prompt again, once more. */
export function voiceAskAgain(gatherUrl: string): string {
  const response = new VoiceResponse();
  response.gather({ numDigits: 1, action: gatherUrl, method: 'POST', timeout: 8 }).say(`That key does nothing. ${KEYS_PROMPT}`);
  response.say('Goodbye.');
  return response.toString();
}

/** The call that reads a contact method's verification code, digit by digit, twice. */
export function voiceVerificationTwiml(code: string): string {
  const response = new VoiceResponse();
  const spoken = code.split('').join(', ');
  response.say(`Your Tocsin verification code is: ${spoken}. Again: ${spoken}. Goodbye.`);
  return response.toString();
}

/** The reply to an inbound SMS (TwiML `<Message>`), or none at all when `message` is null. */
export function smsReplyTwiml(message: string | null): string {
  const response = new MessagingResponse();
  if (message !== null) response.message(oneLine(message, 600));
  return response.toString();
}
