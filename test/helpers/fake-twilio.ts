import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type supertest from 'supertest';

/** A message the fake accepted on POST /2010-04-01/Accounts/{Sid}/Messages.json. */
export interface FakeTwilioMessage {
  sid: string;
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
}

/** A call the fake accepted on POST /2010-04-01/Accounts/{Sid}/Calls.json. */
export interface FakeTwilioCall {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  url: string | null;
  method: string | null;
  twiml: string | null;
  statusCallback: string | null;
}

/** A request the fake refused, with the status it answered. */
export interface FakeTwilioRefusal {
  path: string;
  status: number;
  code: number;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** Account credentials in Twilio's shapes: `AC` + 32 hex digits, a 32-hex-digit Auth Token. */
export function twilioAccount(): { accountSid: string; authToken: string } {
  return { accountSid: `AC${hex(16)}`, authToken: hex(16) };
}

/** Twilio's error document (https://www.twilio.com/docs/usage/twilios-response#response-formats-exceptions). */
function twilioError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

/**
 * A local stand-in for the two Twilio REST endpoints Tocsin uses (Messages and Calls of the
 * 2010-04-01 API). Like Twilio, it takes HTTP basic auth with the account SID as the user and the
 * Auth Token as the password, answers 401 with error 20003 otherwise, and 404 (20404) for another
 * account's path; it requires the parameters Twilio requires. `failNext` makes the next create fail
 * as Twilio would (e.g. 21211, an invalid To number).
 */
export async function startFakeTwilio() {
  const accounts = new Map<string, string>();
  const messages: FakeTwilioMessage[] = [];
  const calls: FakeTwilioCall[] = [];
  const refusals: FakeTwilioRefusal[] = [];
  let nextFailure: { status: number; code: number; message: string } | null = null;

  const refuse = (res: ServerResponse, path: string, status: number, code: number, message: string, headers?: Record<string, string>) => {
    refusals.push({ path, status, code });
    twilioError(res, status, code, message, headers);
  };

  const authenticated = (req: IncomingMessage): string | null => {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return null;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const user = decoded.slice(0, colon);
    const expected = accounts.get(user);
    const given = Buffer.from(decoded.slice(colon + 1));
    if (!expected || given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) return null;
    return user;
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(path);
    if (req.method !== 'POST' || !match) return refuse(res, path, 404, 20404, 'The requested resource was not found');
    const [, pathSid, resource] = match as unknown as [string, string, 'Messages' | 'Calls'];
    const user = authenticated(req);
    if (!user) {
      return refuse(res, path, 401, 20003, 'Authenticate', { 'www-authenticate': 'Basic realm="Twilio API"' });
    }
    if (user !== pathSid) return refuse(res, path, 404, 20404, `The requested resource ${path} was not found`);
    const form = new URLSearchParams(raw);
    const param = (name: string) => form.get(name);
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      return refuse(res, path, failure.status, failure.code, failure.message);
    }
    const to = param('To');
    if (!to) return refuse(res, path, 400, 21604, "A 'To' phone number is required.");
    const created = new Date().toUTCString();
    if (resource === 'Messages') {
      const body = param('Body');
      const from = param('From');
      const messagingServiceSid = param('MessagingServiceSid');
      if (!body) return refuse(res, path, 400, 21602, 'Message body is required.');
      if (!from && !messagingServiceSid) return refuse(res, path, 400, 21603, "A 'From' phone number is required.");
      const message: FakeTwilioMessage = {
        sid: `SM${hex(16)}`,
        accountSid: user,
        to,
        from,
        messagingServiceSid,
        body,
        statusCallback: param('StatusCallback'),
      };
      messages.push(message);
      res.writeHead(201, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          sid: message.sid,
          account_sid: user,
          to,
          from,
          messaging_service_sid: messagingServiceSid,
          body,
          status: messagingServiceSid ? 'accepted' : 'queued',
          num_segments: '1',
          direction: 'outbound-api',
          api_version: '2010-04-01',
          date_created: created,
          date_updated: created,
          uri: `/2010-04-01/Accounts/${user}/Messages/${message.sid}.json`,
        }),
      );
    }
    const from = param('From');
    const url = param('Url');
    const twiml = param('Twiml');
    if (!from) return refuse(res, path, 400, 21603, "A 'From' phone number is required.");
    if (!url && !twiml) return refuse(res, path, 400, 21205, 'Url parameter is required.');
    const call: FakeTwilioCall = {
      sid: `CA${hex(16)}`,
      accountSid: user,
      to,
      from,
      url,
      method: param('Method'),
      twiml,
      statusCallback: param('StatusCallback'),
    };
    calls.push(call);
    res.writeHead(201, { 'content-type': 'application/json' });
    return res.end(
      JSON.stringify({
        sid: call.sid,
        account_sid: user,
        to,
        from,
        status: 'queued',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: created,
        date_updated: created,
        uri: `/2010-04-01/Accounts/${user}/Calls/${call.sid}.json`,
      }),
    );
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The base URL standing in for https://api.twilio.com (TWILIO_API_URL). */
    url: `http://127.0.0.1:${port}`,
    messages,
    calls,
    refusals,
    /** An account the fake knows (its SID and Auth Token). */
    addAccount(account = twilioAccount()) {
      accounts.set(account.accountSid, account.authToken);
      return account;
    },
    failNext(failure: { status: number; code: number; message: string }) {
      nextFailure = failure;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

/**
 * X-Twilio-Signature as Twilio computes it (https://www.twilio.com/docs/usage/webhooks/webhooks-security):
 * the full URL, then each POST parameter's name and value, sorted by name, with no separators;
 * HMAC-SHA1 keyed by the Auth Token; base64. Written here from the documentation, apart from the
 * SDK that Tocsin checks with, so the two are checked against each other.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** An inbound SMS as Twilio posts it to a number's messaging webhook. */
export function inboundSmsParams(account: { accountSid: string }, message: { from: string; to: string; body: string; sid?: string }) {
  const sid = message.sid ?? `SM${hex(16)}`;
  return {
    ToCountry: 'US',
    SmsMessageSid: sid,
    NumMedia: '0',
    SmsSid: sid,
    SmsStatus: 'received',
    Body: message.body,
    To: message.to,
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: account.accountSid,
    From: message.from,
    ApiVersion: '2010-04-01',
  };
}

/** The parameters Twilio posts to a call's TwiML URL (and, with `Digits`, to a `<Gather>` action). */
export function callParams(account: { accountSid: string }, call: { sid: string; from: string; to: string; digits?: string }) {
  return {
    AccountSid: account.accountSid,
    ApiVersion: '2010-04-01',
    CallSid: call.sid,
    CallStatus: 'in-progress',
    Called: call.to,
    Caller: call.from,
    Direction: 'outbound-api',
    From: call.from,
    To: call.to,
    ...(call.digits !== undefined ? { Digits: call.digits, FinishedOnKey: '' } : {}),
  };
}

/** A message's status callback as Twilio posts it when the message finally fails (or is delivered). */
export function messageStatusParams(
  account: { accountSid: string },
  message: { sid: string; from: string; to: string; status: string; errorCode?: string },
) {
  return {
    AccountSid: account.accountSid,
    ApiVersion: '2010-04-01',
    From: message.from,
    MessageSid: message.sid,
    MessageStatus: message.status,
    SmsSid: message.sid,
    SmsStatus: message.status,
    To: message.to,
    ...(message.errorCode ? { ErrorCode: message.errorCode } : {}),
  };
}

/** How a webhook request is signed: properly, with another token, or not at all. */
export type TwilioSigning = { authToken: string } | { forgedWith: string } | 'unsigned';

/**
 * Posts a webhook to Tocsin as Twilio does: form-encoded, signed over `publicUrl` + path (the URL
 * Twilio was given, which is what it signs), delivered through the test's HTTP client.
 */
export function postTwilioWebhook(
  http: ReturnType<typeof supertest>,
  publicUrl: string,
  path: string,
  params: Record<string, string>,
  signing: TwilioSigning,
) {
  const request = http.post(path).type('form').set('User-Agent', 'TwilioProxy/1.1').send(params);
  if (signing === 'unsigned') return request;
  const token = 'authToken' in signing ? signing.authToken : signing.forgedWith;
  return request.set('X-Twilio-Signature', twilioSignature(token, `${publicUrl}${path}`, params));
}
