// argon2id hashing. Verifying against a dummy hash for unknown accounts keeps timing equal.
import argon2 from 'argon2';
import type { Config } from '../../../config';

export interface Passwords {
  hash(plain: string): Promise<string>;
  verify(hash: string | null | undefined, plain: string): Promise<boolean>;
}

export function createPasswords(cfg: Config['argon2']): Passwords {
  const opts = { ...cfg, type: argon2.argon2id as 2 };
  let dummy: Promise<string> | undefined;
  return {
    hash: (plain) => argon2.hash(plain, opts),
    async verify(hash, plain) {
      if (!hash) {
        dummy ??= argon2.hash('not-a-password', opts);
        await argon2.verify(await dummy, plain).catch(() => false);
        return false;
      }
      return argon2.verify(hash, plain).catch(() => false);
    },
  };
}
