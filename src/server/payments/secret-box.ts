import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals a secret (a client's Stripe key) with AES-256-GCM under PAYMENTS_ENCRYPTION_KEY:
 * `v1.<iv>.<tag>.<ciphertext>`, base64url. GCM's tag makes a changed or mis-keyed value fail to
 * open rather than open to rubbish; the client code is bound in as associated data, so one
 * client's sealed key copied onto another client's row does not open.
 */
export function sealSecret(key: Buffer, clientCode: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(clientCode));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map(encodePart).join('.');
}

export function openSecret(key: Buffer, clientCode: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(clientCode));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

function encodePart(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString('base64url');
}
