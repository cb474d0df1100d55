import { slackRequestSignature, verifySlackRequest } from '../../../../shared/paging/slack/request-signature.ts';

// Slack's own worked example ("Verifying requests from Slack").
const DOC_SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const DOC_TIMESTAMP = '1531420618';
const DOC_BODY =
  'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c';
const DOC_SIGNATURE = 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503';
const at = (seconds: number) => new Date(seconds * 1000);

describe('Slack request signatures', () => {
  it("computes Slack's documented example", () => {
    expect(slackRequestSignature(DOC_SECRET, DOC_TIMESTAMP, DOC_BODY)).toBe(DOC_SIGNATURE);
    expect(slackRequestSignature(DOC_SECRET, DOC_TIMESTAMP, Buffer.from(DOC_BODY))).toBe(DOC_SIGNATURE);
  });

  const base = {
    signingSecret: DOC_SECRET,
    timestampHeader: DOC_TIMESTAMP as string | undefined,
    signatureHeader: DOC_SIGNATURE as string | undefined,
    rawBody: Buffer.from(DOC_BODY),
    now: at(1531420618 + 10),
  };
  it.each([
    ['the documented request, 10 s later', {}, 'ok'],
    ['exactly five minutes later', { now: at(1531420618 + 300) }, 'ok'],
    ['a clock five minutes behind the sender', { now: at(1531420618 - 300) }, 'ok'],
    ['five minutes and a second later', { now: at(1531420618 + 301) }, 'stale'],
    ['a timestamp from the future', { now: at(1531420618 - 301) }, 'stale'],
    ['no signature header', { signatureHeader: undefined }, 'missing'],
    ['no timestamp header', { timestampHeader: undefined }, 'missing'],
    ['a timestamp that is not a number', { timestampHeader: '15314e3' }, 'malformed'],
    ['another scheme version', { signatureHeader: DOC_SIGNATURE.replace('v0=', 'v1=') }, 'malformed'],
    ['an upper-case hex signature', { signatureHeader: DOC_SIGNATURE.toUpperCase().replace('V0=', 'v0=') }, 'malformed'],
    ['one changed byte of the body', { rawBody: Buffer.from(DOC_BODY.replace('roadrunner', 'roadrunnez')) }, 'signature'],
    ['another signing secret', { signingSecret: `${DOC_SECRET}x` }, 'signature'],
    ['the signature moved to another timestamp', { timestampHeader: '1531420619' }, 'signature'],
    ['a signature of the right shape but wrong', { signatureHeader: `v0=${'0'.repeat(64)}` }, 'signature'],
  ] as const)('%s → %s', (_name, change, expected) => {
    const check = verifySlackRequest({ ...base, ...change });
    expect(check.ok ? 'ok' : check.reason).toBe(expected);
  });
});
