import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { maskIdNumber } from '@dealer-hr/shared/id-number';
import type { Database } from '../db/client';
import { configuredOrStoredSecret } from './stored-secret';

/**
 * Personal identifiers (ID numbers) kept without their plain text: the value is sealed with AES-256-GCM, and a
 * keyed HMAC of the normalised value (a "blind index") lets equal values be found without opening any row.
 * Both keys are derived from one data key, so the two uses never share key material.
 */
export interface Sealer {
  seal(value: string): string;
  /** Throws when the text was not sealed with this key or was altered. */
  open(sealed: string): string;
  /** Equal for equal values after normalisation; reveals nothing without the key. */
  blindIndex(value: string): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/** ID numbers are compared without surrounding spaces and with the check letter in upper case (x = X). */
export const normaliseIdentifier = (value: string) => value.trim().toUpperCase();

export function createSealer(dataKey: Uint8Array): Sealer {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), `dealer-hr ${purpose}`, 32));
  const encryptionKey = derive('seal');
  const indexKey = derive('blind-index');
  return {
    seal(value) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(sealed) {
      const [version, payload = ''] = sealed.split('.');
      if (version !== VERSION) throw new Error('unknown sealed value format');
      const bytes = Buffer.from(payload, 'base64url');
      const iv = bytes.subarray(0, IV_BYTES);
      const tag = bytes.subarray(bytes.length - TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
    blindIndex: (value) => createHmac('sha256', indexKey).update(normaliseIdentifier(value)).digest('hex'),
  };
}

/**
 * The three columns an ID number is kept in wherever it is stored: sealed, its blind index (lookups and
 * uniqueness), and the masked form lists show without opening anything.
 */
export function sealedIdNumber(sealer: Sealer, value: string) {
  const idNumber = normaliseIdentifier(value);
  return {
    idNumberSealed: sealer.seal(idNumber),
    idNumberIndex: sealer.blindIndex(idNumber),
    idNumberMasked: maskIdNumber(idNumber),
  };
}

/** A record as the audit log keeps it: its ID number masked, never the sealed value or the index. */
export function withMaskedIdNumber<
  Row extends { idNumberSealed: unknown; idNumberIndex: unknown; idNumberMasked: string },
>(record: Row) {
  const { idNumberSealed: _sealed, idNumberIndex: _index, idNumberMasked, ...fields } = record;
  return { ...fields, idNumber: idNumberMasked };
}

/**
 * The data key: DATA_KEY, else one generated once and kept in the database. A production install sets
 * DATA_KEY: a key kept beside the data it protects only guards against a dump of the sealed table alone.
 */
export const loadDataKey = (db: Database, configured: string | undefined): Promise<Uint8Array> =>
  configuredOrStoredSecret(db, 'data_sealing_key', configured, 32);
