import { presentNote } from '@presente/shared';
import { currentLanguage } from './i18n';

/** A record's note as this reader sees it: a system-made note ("Permiso justificado") in the page's language. */
export function shownNote(notes: string | null | undefined): string | null {
  return presentNote(notes, currentLanguage());
}
