import { newPushSecret, signature, signedHeaders, verifySignature } from './sign';

it('signs timestamp + "." + body with HMAC-SHA256 (value checked with openssl dgst -hmac)', () => {
  expect(signature('pks_test', '1700000000', '{"a":1}')).toBe(
    'sha256=0fabe655ce72546e9a27ecb553766b09180e90951b529841ce12c2310f4d5252',
  );
});

it('sends the timestamp in unix seconds, the signature and the push id', () => {
  const h = signedHeaders('pks_test', 'push:7:address:1', '{"a":1}', new Date(1_700_000_000_900));
  expect(h).toEqual({
    'X-Push-Timestamp': '1700000000',
    'X-Push-Signature': 'sha256=0fabe655ce72546e9a27ecb553766b09180e90951b529841ce12c2310f4d5252',
    'X-Push-Id': 'push:7:address:1',
  });
});

it('verifies only the exact body, timestamp and secret', () => {
  const sig = signature('pks_test', '1700000000', '{"a":1}');
  expect(verifySignature('pks_test', '1700000000', '{"a":1}', sig)).toBe(true);
  expect(verifySignature('pks_test', '1700000001', '{"a":1}', sig)).toBe(false);
  expect(verifySignature('pks_test', '1700000000', '{"a":2}', sig)).toBe(false);
  expect(verifySignature('pks_other', '1700000000', '{"a":1}', sig)).toBe(false);
  expect(verifySignature('pks_test', '1700000000', '{"a":1}', 'sha256=00')).toBe(false);
});

it('makes a new random secret each time', () => {
  const a = newPushSecret();
  expect(a).toMatch(/^pks_[\w-]{43}$/);
  expect(newPushSecret()).not.toBe(a);
});
