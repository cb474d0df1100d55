import { CONFIRM_LINK_TTL_SECONDS, createSubscriberLinks } from '../../../shared/status-page/subscriber-links.ts';

const links = createSubscriberLinks({ encryptionKey: 'k'.repeat(32), publicUrl: 'https://tocsin.example' });
const other = createSubscriberLinks({ encryptionKey: 'x'.repeat(32), publicUrl: 'https://tocsin.example' });
const ID = '0190a8f0-0000-4000-8000-000000000001';

describe('subscriber links', () => {
  it('verifies its own tokens for their purpose only', () => {
    expect(links.verify('unsubscribe', links.token('unsubscribe', ID))).toBe(ID);
    expect(links.verify('confirm', links.token('confirm', ID))).toBe(ID);
    expect(links.verify('confirm', links.token('unsubscribe', ID))).toBeNull();
    expect(links.verify('unsubscribe', links.token('confirm', ID))).toBeNull();
  });

  it.each([
    ['another key', other.token('unsubscribe', ID)],
    ['another subscriber', links.token('unsubscribe', ID).replace(ID, '0190a8f0-0000-4000-8000-000000000002')],
    ['a changed expiry', links.token('unsubscribe', ID).replace('.0.', '.9999999999.')],
    ['garbage', 'v1.nope'],
    ['not a string', 42],
    ['too long', `v1.${'a'.repeat(300)}`],
  ])('refuses %s', (_name, token) => {
    expect(links.verify('unsubscribe', token)).toBeNull();
  });

  it('expires confirmation links, never unsubscribe links', () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const later = new Date(issued.getTime() + (CONFIRM_LINK_TTL_SECONDS + 1) * 1000);
    expect(links.verify('confirm', links.token('confirm', ID, issued), later)).toBeNull();
    expect(links.verify('unsubscribe', links.token('unsubscribe', ID, issued), new Date('2036-01-01T00:00:00Z'))).toBe(ID);
  });

  it('puts the token in the URL, URL-encoded', () => {
    expect(links.unsubscribeUrl(ID)).toMatch(/^https:\/\/tocsin\.example\/api\/v1\/status-subscriptions\/unsubscribe\?token=v1\./);
  });
});
