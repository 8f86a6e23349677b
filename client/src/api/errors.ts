// The error an API call ends with, and the SPEC §8 mapping of bare HTTP statuses to messages.
import type { FieldError } from '../../../domain/api';

export type ApiErrorKind = 'envelope' | 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  constructor(
    message: string,
    /** Envelope code, or the HTTP status when the reply had no envelope (408 for a timeout, 0 offline). */
    readonly code: number,
    readonly kind: ApiErrorKind,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field errors of a 400 validation reply (`data.errors`), if any. */
  get fieldErrors(): FieldError[] {
    const errors = (this.data as { errors?: unknown } | null)?.errors;
    return Array.isArray(errors) ? (errors as FieldError[]) : [];
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Statuses SPEC §8 names; anything else reads "Error (<status>)". */
export const MAPPED_STATUSES: readonly number[] = [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505];

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function httpStatusMessage(status: number, t: Translate): string {
  return MAPPED_STATUSES.includes(status) ? t(`errors:http.${status}`) : t('errors:http.other', { status });
}
