/**
 * The one way the web turns a failed request into text for the user: the translation of the
 * server's error `code` (locales `serverErrors.<code>`) when the code names the text that was
 * sent, otherwise the server's own words (description, else message). A generic code (`not_found`,
 * `invalid_input` …) with a text the catalogue does not know keeps that more specific text.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isServerErrorCode, matchServerError, type ErrorTextMatch } from '@lectio/shared/api/server-errors';
import { isApiError, type ApiError } from './api-error';

/** The catalogue entry an API error stands for, or null when its text is not catalogued. */
export function serverErrorOf(error: ApiError): ErrorTextMatch | null {
  const match = matchServerError(error.message, error.description);
  if (!match) return null;
  // A code sent by the server wins when it agrees; an old server without codes is matched by text.
  if (error.code !== undefined && (!isServerErrorCode(error.code) || error.code !== match.code)) return null;
  return match;
}

/** Text of any failure, in the UI language where there is a translation. */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return t('dialog.networkError');
    const known = serverErrorOf(error);
    // Codes are snake_case, which i18next's key types read as contexts; a test checks every key exists.
    if (known) return (t as unknown as (key: string, values: object) => string)(`serverErrors.${known.code}`, known.values);
    return error.description || error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return t('dialog.unknownError');
}

/** `(error) => text` in the UI language; see `errorText`. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown) => errorText(t, error), [t]);
}
