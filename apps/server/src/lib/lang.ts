import type { Language } from '@presente/shared';

/** Picks es or en from an Accept-Language header by quality; Spanish when nothing matches. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return 'es';
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((x) => x.lang === 'es' || x.lang === 'en')
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (ranked[0]?.lang as Language) ?? 'es';
}
