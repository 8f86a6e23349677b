// PostgreSQL error codes the services act on.

/** A unique constraint refused the row (SQLSTATE 23505). */
export const isUniqueViolation = (e: unknown): boolean => (e as { code?: string } | null)?.code === '23505';
