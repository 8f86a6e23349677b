// LIKE / ILIKE patterns from user text or account paths: the one escape (PostgreSQL's default escape
// character is the backslash), so a name with % or _ matches itself and never everything.

/** `s` with the LIKE wildcards % and _ and the escape character \ escaped. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => '\\' + c);

/** A LIKE pattern for "starts with `prefix`" (e.g. an account path and everything below it). */
export const likePrefix = (prefix: string): string => escapeLike(prefix) + '%';

/** A LIKE pattern for "contains `text`". */
export const likeContains = (text: string): string => `%${escapeLike(text)}%`;
