import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomFillSync } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Personal data at rest: AES-256-GCM, one value at a time, sealed as `<key id>.<iv>.<ciphertext+tag>` (base64url),
 * with the owning row and column bound in as associated data so a value copied to another row fails to open.
 * Keys rotate by adding a new current key; old ones stay in the ring until every value is re-sealed.
 */
export interface Keyring {
  currentKeyId: string;
  keys: ReadonlyMap<string, Buffer>;
  /** Key of the blind index used to look people up by e-mail without decrypting. */
  indexKey: Buffer;
}

export class PersonalDataUnavailable extends Error {
  override name = 'PersonalDataUnavailable';
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Parses `DATA_KEYS="k2:<base64 32 bytes>,k1:<…>"` (the first is current) and a base64 index key. */
export function parseKeyring(keys: string, indexKey: string): Keyring {
  const map = new Map<string, Buffer>();
  let current: string | undefined;
  for (const part of keys.split(',')) {
    const [id, b64] = part.trim().split(':');
    if (!id || !b64 || !KEY_ID.test(id)) throw new Error('DATA_KEYS must be a list of <id>:<base64 key>');
    const key = Buffer.from(b64, 'base64');
    if (key.length !== 32) throw new Error(`data key ${id} must be 32 bytes`);
    map.set(id, key);
    current ??= id;
  }
  const index = Buffer.from(indexKey, 'base64');
  if (!current || index.length < 32) throw new Error('a data key and a 32-byte index key are required');
  return { currentKeyId: current, keys: map, indexKey: index };
}

export function generateKeyring(): { keys: string; indexKey: string } {
  return {
    keys: `k${Date.now().toString(36)}:${randomBytes(32).toString('base64')}`,
    indexKey: randomBytes(32).toString('base64'),
  };
}

// Random IVs are drawn from the CSPRNG 4,096 at a time: one call per value cost more than the cipher itself when a
// seed seals hundreds of thousands of values. Each IV is used at once and never again.
const IV_BYTES = 12;
const ivPool = Buffer.alloc(IV_BYTES * 4096);
let ivAt = ivPool.length;
function nextIv(): Buffer {
  if (ivAt === ivPool.length) {
    randomFillSync(ivPool);
    ivAt = 0;
  }
  const iv = ivPool.subarray(ivAt, ivAt + IV_BYTES);
  ivAt += IV_BYTES;
  return iv;
}

export function seal(ring: Keyring, plaintext: string, aad: string): string {
  const key = ring.keys.get(ring.currentKeyId)!;
  // A view of the pool: read only within this call, before the pool is drawn again.
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${ring.currentKeyId}.${iv.toString('base64url')}.${body.toString('base64url')}`;
}

export function open(ring: Keyring, sealed: string, aad: string): string {
  const [keyId, ivText, bodyText] = sealed.split('.');
  const key = keyId ? ring.keys.get(keyId) : undefined;
  if (!key || !ivText || !bodyText) throw new PersonalDataUnavailable('personal data key unavailable');
  try {
    const body = Buffer.from(bodyText, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return decipher.update(body.subarray(0, body.length - 16), undefined, 'utf8') + decipher.final('utf8');
  } catch {
    throw new PersonalDataUnavailable('personal data could not be opened');
  }
}

export function sealJson(ring: Keyring, value: unknown, aad: string): string | null {
  return value === null || value === undefined ? null : seal(ring, JSON.stringify(value), aad);
}

export function openJson<T>(ring: Keyring, sealed: string | null, aad: string): T | null {
  return sealed === null ? null : (JSON.parse(open(ring, sealed, aad)) as T);
}

export function blindIndex(ring: Keyring, value: string): string {
  return createHmac('sha256', ring.indexKey).update(value.trim().toLowerCase()).digest('base64url');
}

/**
 * Local use needs no configuration: the first run writes a key file beside the database. Deployments pass keys
 * from their secret store instead (DATA_KEYS, DATA_INDEX_KEY), so the key never sits next to the data it protects.
 */
export function localKeyring(file: string): Keyring {
  if (file === ':memory:') {
    const fresh = generateKeyring();
    return parseKeyring(fresh.keys, fresh.indexKey);
  }
  return fileKeyring(`${file}.keys.json`);
}

/** Keys kept in a local file (mode 0600), written on first use; several processes may race to write it. */
export function fileKeyring(keyFile: string): Keyring {
  if (!existsSync(keyFile)) {
    try {
      writeFileSync(keyFile, JSON.stringify(generateKeyring()), { mode: 0o600, flag: 'wx' });
      chmodSync(keyFile, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const saved = JSON.parse(readFileSync(keyFile, 'utf8')) as { keys: string; indexKey: string };
  return parseKeyring(saved.keys, saved.indexKey);
}
