import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of the secrets the server must be able to read back (TOTP secrets, webhook
 * signing secrets, bank account numbers): AES-256-GCM under a data key, with a keyring so the key
 * can rotate (`npm run rotate-keys`).
 *
 * A sealed value is one text: `v1.<kid>.<iv>.<tag>.<ciphertext>`, each part base64url: the format
 * version, the id of the key it was sealed with (a fingerprint of the key, never the key), a random
 * 96-bit IV, the 128-bit GCM tag and the ciphertext. The additional authenticated data binds it to
 * where it is stored, `<table>/<row id>`: a value copied to another row, or another table, does not
 * open. (The columns of one table hold one kind of secret, which moves between them: a pending TOTP
 * secret becomes the active one, a webhook's current signing secret its previous one.)
 */
export const SEALED_VERSION = 'v1';

/**
 * The shape of a sealed value (also the CHECK of the sealed columns, migration 0026): kid 8, IV 16, tag 22 characters.
 */
export const SEALED_PATTERN = '^v1\\.[A-Za-z0-9_-]{8}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]*$';
const SEALED = new RegExp(SEALED_PATTERN);

/** A data key: 32 bytes, and its id (kidOf). */
export interface DataKey {
  kid: string;
  key: Buffer;
}

/**
 * The keys the server reads with: the newest seals, every one opens. `source` names where the newest came from, for
 * messages.
 */
export interface Keyring {
  current: DataKey;
  old: DataKey[];
  source: string;
}

/** A value that does not open: an unknown key id, a wrong key, a value moved or changed. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** A key's id: 8 base64url characters of a SHA-256 over a label and the key (48 bits; says nothing of the key). */
export function kidOf(key: Buffer): string {
  return createHash('sha256').update('mbo data key id\0').update(key).digest('base64url').slice(0, 8);
}

/** A data key from its base64 text (DATA_ENCRYPTION_KEY, the embedded key file); throws unless it is 32 bytes. */
export function dataKeyFrom(base64: string): DataKey {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== 32) throw new SecretBoxError(`a data key must be 32 bytes in base64, not ${key.length} bytes`);
  return { kid: kidOf(key), key };
}

/** Where a sealed value lives: its table and its row's id (the additional authenticated data). */
export interface SealedPlace {
  table: string;
  rowId: string;
}

const aadOf = (place: SealedPlace) => Buffer.from(`mbo/${place.table}/${place.rowId}`, 'utf8');

export class SecretBox {
  private readonly keys = new Map<string, Buffer>();

  constructor(readonly keyring: Keyring) {
    for (const k of [keyring.current, ...keyring.old]) this.keys.set(k.kid, k.key);
  }

  /** The id of the key new values are sealed with. */
  get currentKid(): string {
    return this.keyring.current.kid;
  }

  /** The start of every value sealed with the newest key. */
  get currentPrefix(): string {
    return `${SEALED_VERSION}.${this.currentKid}.`;
  }

  seal(plain: string, place: SealedPlace): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyring.current.key, iv);
    cipher.setAAD(aadOf(place));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      SEALED_VERSION,
      this.currentKid,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  open(sealed: string, place: SealedPlace): string {
    if (!isSealed(sealed)) throw new SecretBoxError(`a value of ${place.table} (${place.rowId}) is not encrypted`);
    const [, kid, iv, tag, ciphertext] = sealed.split('.');
    const key = this.keys.get(kid);
    if (!key)
      throw new SecretBoxError(
        `a value of ${place.table} (${place.rowId}) is encrypted with the key ${kid}, which is not in the keyring (${this.describe()})`,
      );
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aadOf(place));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(
        `a value of ${place.table} (${place.rowId}) does not open with the key ${kid}: it was changed or moved`,
      );
    }
  }

  /** The same secret sealed with the newest key (a value sealed with it already comes back as it is). */
  reseal(sealed: string, place: SealedPlace): string {
    return this.isCurrent(sealed) ? sealed : this.seal(this.open(sealed, place), place);
  }

  /** Sealed with the newest key. */
  isCurrent(value: string): boolean {
    return isSealed(value) && value.startsWith(this.currentPrefix);
  }

  /** The kid of a sealed value (null for a clear one). */
  static kidOf(value: string): string | null {
    return isSealed(value) ? value.split('.')[1] : null;
  }

  /** "key abc12345 from DATA_ENCRYPTION_KEY; older: def67890": the ids only, for messages. */
  describe(): string {
    const old = this.keyring.old.map((k) => k.kid);
    return `key ${this.currentKid} from ${this.keyring.source}${old.length ? `; older keys ${old.join(', ')}` : ''}`;
  }
}

/** A value in the sealed format (whatever its key). */
export function isSealed(value: string): boolean {
  return SEALED.test(value);
}
