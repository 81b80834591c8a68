/**
 * Credentials at rest (DESIGN principle 4): bank tokens and exchange keys are sealed with
 * AES-256-GCM under APP_SECRET_KEY, or under a key generated once into the data folder of the
 * embedded database (mode 0600) so that `npm start` needs nothing.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Seals and opens short secrets; the sealed form is text for a database column. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE = 'secret.key';
const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/** `v1:` + base64(iv ‖ tag ‖ ciphertext); a fresh random iv for every seal. */
export function secretBox(hexKey: string): SecretBox {
  if (!HEX_KEY.test(hexKey)) throw new Error('The secret key must be 64 hexadecimal characters');
  const key = Buffer.from(hexKey, 'hex');
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || !payload) throw new Error('Not a sealed secret');
      const bytes = Buffer.from(payload, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key from the configuration, else the data folder's key file, made on first use with
 * owner-only permissions. The file is never replaced: a new key could not open what the old sealed.
 */
export async function resolveSecretKey(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, KEY_FILE);
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = (await readFile(file, 'utf8')).trim();
  if (!HEX_KEY.test(key)) throw new Error(`${file} does not hold a 64-character hexadecimal key`);
  return key;
}
