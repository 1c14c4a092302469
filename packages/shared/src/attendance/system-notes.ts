import type { Language } from '../constants.js';

/**
 * Notes the system writes itself, in every language (walk-through finding 13). The notes column is the
 * spec's free text, so it keeps the words of the language it was written in; readers show a system note in
 * their own language with `presentNote`, and a person's own note unchanged.
 */
export const SYSTEM_NOTES = {
  permission: { es: 'Permiso justificado', en: 'Justified permission' },
} as const satisfies Record<string, Record<Language, string>>;

const BY_WORDS = new Map<string, keyof typeof SYSTEM_NOTES>(
  Object.entries(SYSTEM_NOTES).flatMap(([key, words]) => Object.values(words).map((w) => [w.toLowerCase(), key as keyof typeof SYSTEM_NOTES])),
);

/** A record's note for a reader of `lang`: a system-made note in that language, anything else as written. */
export function presentNote(notes: string | null | undefined, lang: Language): string | null {
  if (notes == null) return null;
  const key = BY_WORDS.get(notes.trim().toLowerCase());
  return key ? SYSTEM_NOTES[key][lang] : notes;
}
