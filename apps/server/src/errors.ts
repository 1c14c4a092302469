import { ERROR_STATUS, type ErrorCode, type MessageKey } from '@presente/shared';

/**
 * An expected failure with a stable code. The single error handler maps the code to its HTTP status
 * and translates `messageKey` into the request's language.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey | string = `error.${code}`,
    readonly params: Record<string, string | number> = {},
    readonly errors?: { path: string; message: string }[],
  ) {
    super(messageKey);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (key: MessageKey | string = 'error.not_found') => new AppError('not_found', key);
export const forbidden = (key: MessageKey | string = 'error.forbidden') => new AppError('forbidden', key);
export const unauthorized = () => new AppError('unauthorized');
