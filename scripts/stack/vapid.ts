/**
 * The local stack's VAPID key pair (web push, RFC 8292): made once per data folder and kept in it
 * (`vapid.json`, readable only by its owner), so browsers subscribed to a local shop keep working
 * across restarts. A hosted project's keys are secrets of the send-alerts function
 * (docs/deploying.md).
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface VapidKeys {
  /** The uncompressed P-256 public key, base64url (what browsers subscribe with). */
  publicKey: string;
  /** The private scalar, base64url. */
  privateKey: string;
  subject: string;
}

export const LOCAL_VAPID_SUBJECT = 'mailto:avisos@outlet.local';

/** A new P-256 key pair in web push's encoding. */
export function newVapidKeys(subject = LOCAL_VAPID_SUBJECT): VapidKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const priv = privateKey.export({ format: 'jwk' });
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x!, 'base64url'), Buffer.from(pub.y!, 'base64url')]);
  return { publicKey: raw.toString('base64url'), privateKey: priv.d!, subject };
}

/** The data folder's key pair, made on the first call. */
export async function vapidKeysFor(dataDir: string): Promise<VapidKeys> {
  const file = join(dataDir, 'vapid.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
  const keys = newVapidKeys();
  await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
