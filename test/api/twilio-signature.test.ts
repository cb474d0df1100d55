import { createHmac } from 'node:crypto';
import { undeliveredReason } from '../../api/services/twilio-inbound.service.ts';
import { isSignedByTwilio, type TwilioSignedRequest } from '../../api/services/twilio-signature.ts';
import { twilioSignature } from '../helpers/fake-twilio.ts';

// Twilio's own worked example (https://www.twilio.com/docs/usage/webhooks/webhooks-security).
const DOC_TOKEN = '12345';
const DOC_URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const DOC_PARAMS = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };
const DOC_SIGNATURE = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';

const token = '0123456789abcdef0123456789abcdef';
const url = 'https://tocsin.example.com/api/v1/twilio/0190e0f2-1111-7000-8000-000000000000/sms';
const params = {
  AccountSid: `AC${'a'.repeat(32)}`,
  Body: '4',
  From: '+14155550100',
  MessageSid: `SM${'b'.repeat(32)}`,
  To: '+14155550199',
};
const signed = (over: Partial<TwilioSignedRequest> = {}): TwilioSignedRequest => ({
  signature: twilioSignature(token, url, params),
  signatureSettings: undefined,
  url,
  params,
  ...over,
});

describe('X-Twilio-Signature check', () => {
  it("matches Twilio's documented example, in the test signer and in the check", () => {
    expect(twilioSignature(DOC_TOKEN, DOC_URL, DOC_PARAMS)).toBe(DOC_SIGNATURE);
    expect(isSignedByTwilio(DOC_TOKEN, { signature: DOC_SIGNATURE, signatureSettings: undefined, url: DOC_URL, params: DOC_PARAMS })).toBe(
      true,
    );
  });

  it.each<[string, boolean, TwilioSignedRequest]>([
    ['signed with the Auth Token over the URL and the sorted parameters', true, signed()],
    ['no signature header', false, signed({ signature: undefined })],
    ['an empty signature', false, signed({ signature: '' })],
    ['signed with another Auth Token', false, signed({ signature: twilioSignature('f'.repeat(32), url, params) })],
    ['a parameter changed after signing (another reply)', false, signed({ params: { ...params, Body: '6' } })],
    ['a parameter added after signing', false, signed({ params: { ...params, Extra: 'x' } })],
    ['a parameter removed after signing', false, signed({ params: { ...params, From: undefined as unknown as string } })],
    ['another organization’s URL', false, signed({ url: url.replace('0190e0f2', '0190e0f3') })],
    ['a query string added to the URL', false, signed({ url: `${url}?x=1` })],
    ['signed over http instead of https', false, signed({ signature: twilioSignature(token, url.replace('https:', 'http:'), params) })],
    ['parameters concatenated in the order received, not sorted', false, signed({ signature: unsortedSignature(token, url, params) })],
    [
      'a Webhooks Rule (SharedKey) signature: Tocsin holds no SharedKey',
      false,
      signed({ signatureSettings: 'key=ws_1,algorithm=HMAC_SHA256' }),
    ],
  ])('%s → accepted: %s', (_name, valid, request) => {
    const cleaned = { ...request, params: Object.fromEntries(Object.entries(request.params).filter(([, value]) => value !== undefined)) };
    expect(isSignedByTwilio(token, cleaned)).toBe(valid);
  });
});

/** HMAC-SHA1 over the URL and the parameters in reverse order instead of sorted by name. */
function unsortedSignature(authToken: string, signedUrl: string, values: Record<string, string>): string {
  const data = Object.entries(values)
    .reverse()
    .reduce((text, [name, value]) => text + name + value, signedUrl);
  return createHmac('sha1', authToken).update(data).digest('base64');
}

describe("Twilio's final status of a page's message or call", () => {
  it.each<[string, string | undefined, string | null]>([
    ['undelivered', '30003', 'Twilio reports the page undelivered (Twilio error 30003)'],
    ['failed', undefined, 'Twilio reports the page failed'],
    ['busy', undefined, 'The call was not answered: the line was busy'],
    ['no-answer', undefined, 'The call was not answered'],
    ['delivered', undefined, null],
    ['sent', undefined, null],
    ['completed', undefined, null],
    ['', undefined, null],
  ])('%s (error %s) → %s', (status, code, reason) => {
    expect(undeliveredReason(status, code)).toBe(reason);
  });
});
