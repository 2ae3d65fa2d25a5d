// Documents encrypted at rest (issue 31, ADR 0042): each document's bytes under its own random key
// (AES-256-GCM), that key wrapped by a master key. The bytes are cut into segments, each sealed on
// its own (nonce = prefix, counter, last-segment flag, as in Tink's streaming AEAD), so a reader can
// check every byte before it is served, and a cut, reordered or altered object fails its check.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

const MAGIC = Buffer.from('AXE1');
const PREFIX_BYTES = 7;
export const HEADER_BYTES = MAGIC.length + PREFIX_BYTES;
/** Plaintext per segment: small enough to check before serving, large enough to cost little. */
export const SEGMENT_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const IV_BYTES = 12;

/** The stored bytes did not pass their check (altered, cut, or sealed under another key): never served. */
export class DocumentIntegrityError extends Error {
  constructor(readonly storageKey: string) {
    super(`Document ${storageKey} failed its integrity check`);
  }
}

/** A master key and its fingerprint (the first 8 bytes of its SHA-256, in hex), which wrapped keys name. */
export interface MasterKey {
  id: string;
  key: Buffer;
}

/** The current master key (new keys are wrapped under it) and earlier ones that still unwrap. */
export interface Keyring {
  current: MasterKey;
  byId: ReadonlyMap<string, MasterKey>;
}

export function masterKey(key: Buffer): MasterKey {
  if (key.length !== KEY_BYTES) throw new Error(`A document master key is ${KEY_BYTES} bytes (base64), not ${key.length}`);
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
}

export function keyring(current: Buffer, earlier: Buffer[] = []): Keyring {
  const all = [current, ...earlier].map(masterKey);
  return { current: all[0]!, byId: new Map(all.map((k) => [k.id, k])) };
}

/** A document key wrapped under a master key: iv, sealed key and tag; bound to the document's storage key. */
export interface WrappedKey {
  masterKeyId: string;
  wrapped: Buffer;
}

export function newDocumentKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

export function wrapKey(ring: Keyring, storageKey: string, documentKey: Buffer): WrappedKey {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv).setAAD(Buffer.from(storageKey));
  const sealed = Buffer.concat([cipher.update(documentKey), cipher.final()]);
  return { masterKeyId: ring.current.id, wrapped: Buffer.concat([iv, sealed, cipher.getAuthTag()]) };
}

/** The document key, or a DocumentIntegrityError (no such master key here, or a wrapped key that fails its check). */
export function unwrapKey(ring: Keyring, storageKey: string, { masterKeyId, wrapped }: WrappedKey): Buffer {
  const master = ring.byId.get(masterKeyId);
  if (!master || wrapped.length !== IV_BYTES + KEY_BYTES + TAG_BYTES) throw new DocumentIntegrityError(storageKey);
  try {
    const decipher = createDecipheriv('aes-256-gcm', master.key, wrapped.subarray(0, IV_BYTES)).setAAD(Buffer.from(storageKey));
    decipher.setAuthTag(wrapped.subarray(IV_BYTES + KEY_BYTES));
    return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES, IV_BYTES + KEY_BYTES)), decipher.final()]);
  } catch {
    throw new DocumentIntegrityError(storageKey);
  }
}

function segmentNonce(prefix: Buffer, counter: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(IV_BYTES);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(counter, PREFIX_BYTES);
  nonce[IV_BYTES - 1] = last ? 1 : 0;
  return nonce;
}

/** Plaintext in, the sealed object out: header, then segments of SEGMENT_BYTES (the last may be shorter or empty). */
export function encryptingStream(documentKey: Buffer): Transform {
  const prefix = randomBytes(PREFIX_BYTES);
  let pending: Buffer = Buffer.alloc(0);
  let counter = 0;
  const seal = (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', documentKey, segmentNonce(prefix, counter++, last));
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  return new Transform({
    construct(callback) {
      this.push(Buffer.concat([MAGIC, prefix]));
      callback();
    },
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      // A full segment is sealed only once a byte after it has arrived: the last one carries the flag.
      while (pending.length > SEGMENT_BYTES) {
        this.push(seal(pending.subarray(0, SEGMENT_BYTES), false));
        pending = pending.subarray(SEGMENT_BYTES);
      }
      callback();
    },
    flush(callback) {
      this.push(seal(pending, true));
      callback();
    },
  });
}

/** The sealed object in, plaintext out; each segment is checked before its bytes go on. */
export function decryptingStream(documentKey: Buffer, storageKey: string): Transform {
  let pending: Buffer = Buffer.alloc(0);
  let prefix: Buffer | null = null;
  let counter = 0;
  const open = (sealed: Buffer, last: boolean): Buffer => {
    if (!prefix || sealed.length < TAG_BYTES) throw new DocumentIntegrityError(storageKey);
    try {
      const decipher = createDecipheriv('aes-256-gcm', documentKey, segmentNonce(prefix, counter++, last));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new DocumentIntegrityError(storageKey);
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        if (!prefix) {
          if (pending.length < HEADER_BYTES) return callback();
          if (!pending.subarray(0, MAGIC.length).equals(MAGIC)) throw new DocumentIntegrityError(storageKey);
          prefix = Buffer.from(pending.subarray(MAGIC.length, HEADER_BYTES));
          pending = pending.subarray(HEADER_BYTES);
        }
        // A full segment is opened only once a byte after it has arrived: otherwise it may be the last.
        while (pending.length > SEGMENT_BYTES + TAG_BYTES) {
          this.push(open(pending.subarray(0, SEGMENT_BYTES + TAG_BYTES), false));
          pending = pending.subarray(SEGMENT_BYTES + TAG_BYTES);
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        this.push(open(pending, true));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

/** The plaintext size of a sealed object of `sealedSize` bytes (or null if no object has that size). */
export function plaintextSize(sealedSize: number): number | null {
  const body = sealedSize - HEADER_BYTES;
  if (body < TAG_BYTES) return null;
  const segments = Math.max(1, Math.ceil((body - TAG_BYTES) / (SEGMENT_BYTES + TAG_BYTES)));
  const size = body - segments * TAG_BYTES;
  return size >= 0 ? size : null;
}
