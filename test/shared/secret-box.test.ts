import { createSecretBox } from '../../shared/crypto/secret-box.ts';

const KEY = 'k'.repeat(32);

describe('secret box', () => {
  it.each(['a webhook secret', '', 'ünïcødé 🔐', 'x'.repeat(10_000)])('round-trips %j', (plain) => {
    const box = createSecretBox(KEY);
    const sealed = box.encrypt(plain);
    expect(box.decrypt(sealed)).toBe(plain);
    if (plain) expect(sealed).not.toContain(plain);
  });

  it('seals the same secret differently each time', () => {
    const box = createSecretBox(KEY);
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('refuses another key, a tampered ciphertext and an unknown version', () => {
    const sealed = createSecretBox(KEY).encrypt('secret');
    expect(() => createSecretBox('m'.repeat(32)).decrypt(sealed)).toThrow();
    const [version, iv, tag, data] = sealed.split(':') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => createSecretBox(KEY).decrypt([version, iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
    expect(() => createSecretBox(KEY).decrypt(['v0', iv, tag, data].join(':'))).toThrow('unrecognized');
  });

  it('refuses a short key', () => {
    expect(() => createSecretBox('short')).toThrow('ENCRYPTION_KEY');
  });
});
