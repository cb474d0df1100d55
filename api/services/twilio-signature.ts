// The SDK's signature check alone, not its REST client.
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';

/** What a Twilio webhook request carries for its signature check. */
export interface TwilioSignedRequest {
  /** The X-Twilio-Signature header. */
  signature: string | undefined;
  /** X-Twilio-Webhooks-Signature-Settings: present only when a Webhooks Rule signs with a SharedKey. */
  signatureSettings: string | undefined;
  /** The full URL Twilio requested (the public URL, with its query string), exactly as Twilio saw it. */
  url: string;
  /** The POST parameters, form-decoded. */
  params: Record<string, string | string[]>;
}

/**
 * Twilio's documented check (HMAC-SHA1 keyed by the Auth Token over the URL followed by every POST
 * parameter's name and value sorted by name, base64), done by the official SDK. A request signed
 * under a Webhooks Rule's SharedKey is refused: Tocsin holds only the Auth Token, and fails closed.
 */
export function isSignedByTwilio(authToken: string, request: TwilioSignedRequest): boolean {
  if (!request.signature || request.signatureSettings) return false;
  try {
    return validateRequest(authToken, request.signature, request.url, request.params);
  } catch {
    return false;
  }
}
