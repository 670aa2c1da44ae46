import { ERROR_CODES, type ErrorCode } from '@mostrador/contracts';
import { ApiClientError } from '../api-client.ts';
import { translate } from './i18n.ts';

const KNOWN = new Set<string>([...ERROR_CODES, 'http_error']);

/** What an API error code means, in the active language: by its code, never by the English message. */
export function errorMessage(code: string): string {
  if (!KNOWN.has(code)) return translate('error.unknown', { code });
  return translate(`error.${code as ErrorCode | 'http_error'}`);
}

/** A failed call as a sentence for people: the code's message, or a connection problem. */
export function errorText(error: unknown): string {
  if (error instanceof ApiClientError) return errorMessage(error.error);
  // A failure that carries the API's code without being a client error (a route's loader rethrowing it).
  if (typeof error === 'object' && error !== null && 'error' in error && typeof error.error === 'string')
    return errorMessage(error.error);
  return translate('error.network');
}
