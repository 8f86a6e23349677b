// Supplier AES of import option 4 and the fast phone hash of imported rows. Normalising and
// classifying a number is domain/phone.ts's (the one normaliser).
import crypto from 'node:crypto';

/**
 * Supplier encryption (option 4), the usual Java `AES/ECB/PKCS5Padding` + Base64 convention of Chinese
 * number suppliers: the key is the merchant's text key taken as UTF-8 bytes (16, 24 or 32 bytes →
 * AES-128/192/256-ECB), each phone cell is Base64 of the ciphertext of the digits. Returns null when
 * the cell does not decrypt.
 */
export function supplierDecrypter(key: string): (cell: string) => string | null {
  const k = Buffer.from(key, 'utf8');
  const algo = `aes-${k.length * 8}-ecb`;
  return (cell) => {
    try {
      const d = crypto.createDecipheriv(algo, k, null);
      return Buffer.concat([d.update(Buffer.from(cell.trim(), 'base64')), d.final()]).toString('utf8');
    } catch {
      return null;
    }
  };
}

export function supplierEncrypt(key: string, digits: string): string {
  const k = Buffer.from(key, 'utf8');
  const c = crypto.createCipheriv(`aes-${k.length * 8}-ecb`, k, null);
  return Buffer.concat([c.update(digits, 'utf8'), c.final()]).toString('base64');
}

export const isSupplierKey = (key: string): boolean => [16, 24, 32].includes(Buffer.byteLength(key, 'utf8'));

/**
 * platform/secrets.ts's phoneHash (HMAC-SHA256 of the digits, hex) for a million rows: the key's two
 * padded blocks are prepared once, each number then costs two one-shot SHA-256 calls (no HMAC object,
 * no key decoding per row). Same output as phoneHash.
 */
export function phoneHasher(secretKeyHex: string): (digits: string) => string {
  const key = Buffer.from(secretKeyHex, 'hex');
  if (key.length !== 32) throw new Error('SECRET_KEY must be 64 hex characters');
  const inner = Buffer.alloc(64 + 256, 0x36); // ipad block, then the digits
  const outer = Buffer.alloc(64 + 32, 0x5c); // opad block, then the inner digest
  for (let i = 0; i < 32; i++) {
    inner[i] = key[i]! ^ 0x36;
    outer[i] = key[i]! ^ 0x5c;
  }
  return (digits) => {
    if (digits.length > 128) return crypto.createHmac('sha256', key).update(digits).digest('hex');
    const n = inner.write(digits, 64, 'utf8');
    crypto.hash('sha256', inner.subarray(0, 64 + n), 'buffer').copy(outer, 64);
    return crypto.hash('sha256', outer, 'hex');
  };
}
