import { decryptSecret, encryptSecret, phoneHash } from './secrets';

const key = 'a'.repeat(64);

it('round-trips secrets and never produces the same ciphertext twice', () => {
  const a = encryptSecret(key, '13812345678');
  const b = encryptSecret(key, '13812345678');
  expect(a).not.toBe(b);
  expect(decryptSecret(key, a)).toBe('13812345678');
});

it('refuses tampered ciphertext and a wrong key', () => {
  const a = encryptSecret(key, 'secret');
  const at = a.length - 2;
  const tampered = a.slice(0, at) + (a[at] === 'A' ? 'B' : 'A') + a.slice(at + 1);
  expect(() => decryptSecret(key, tampered)).toThrow();
  expect(() => decryptSecret('b'.repeat(64), a)).toThrow();
  expect(() => encryptSecret('short', 'x')).toThrow(/64 hex/);
});

it('hashes phone numbers stably per key', () => {
  expect(phoneHash(key, '13812345678')).toBe(phoneHash(key, '13812345678'));
  expect(phoneHash(key, '13812345678')).not.toBe(phoneHash('b'.repeat(64), '13812345678'));
  expect(phoneHash(key, '13812345678')).toHaveLength(64);
});
