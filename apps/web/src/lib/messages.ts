import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';
import i18n from './i18n';

/**
 * Words for a key of the shared MESSAGES catalogue (server messages, zod validation keys).
 * Anything that is not a key is returned unchanged: it already is words (e.g. a server message).
 */
export function translateMessage(t: TFunction, keyOrText: string, vars?: Record<string, string | number>): string {
  // Looked up in the loaded 'messages' namespace, not in the shared MESSAGES object: the pages then do not
  // carry the catalogue of both languages (decision 0026).
  const lookup = { ns: ['messages-public', 'messages'], keySeparator: false, nsSeparator: false } as const;
  const words = i18n.exists(keyOrText, lookup) ? t(keyOrText, lookup) : keyOrText;
  // The shared catalogue marks values as {name} (single braces), not i18next's {{name}}.
  return vars ? words.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match)) : words;
}

/** Hook form of translateMessage; re-renders on language change. */
export function useMessage(): (keyOrText: string | null | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback((keyOrText) => (keyOrText ? translateMessage(t, keyOrText) : undefined), [t]);
}

/**
 * Spec §8 rule "server message or <fallback>": an answer from the server with a message wins;
 * anything else (network failure, timeout, empty body) shows the fallback.
 */
export function errorMessage(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return translateMessage(t, error.message);
  return fallback;
}
