import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

/**
 * Encrypts secrets at rest (integration webhook secrets) with AES-256-GCM under a key derived
 * from ENCRYPTION_KEY. The output carries a version prefix so the scheme can change later.
 */
export function createSecretBox(encryptionKey: string): SecretBox {
  if (encryptionKey.length < 32) throw new Error('ENCRYPTION_KEY must be at least 32 characters');
  // Domain-separated, so the same configured string never doubles as another key.
  const key = createHash('sha256').update(`tocsin-secret-box:${encryptionKey}`).digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
    },
    decrypt(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('unrecognized sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
