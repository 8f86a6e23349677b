// Validation rules of SPEC §5, shared by forms (client) and request schemas (server).

/** Mobile phone: 11 digits, starting with 1, second digit 3 to 9. */
export const isMobile = (s: string): boolean => /^1[3-9]\d{9}$/.test(s);

/** Account name: at least 6 characters, letters or digits only. */
export const isAccountName = (s: string): boolean => /^[A-Za-z0-9]{6,32}$/.test(s);

/** Password: at least 6 characters (at most 128 to bound hashing cost). */
export const isPassword = (s: string): boolean => s.length >= 6 && s.length <= 128;

/** A practical e-mail check: one @, a dot in the domain, no spaces. */
export const isEmail = (s: string): boolean => s.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(s);
