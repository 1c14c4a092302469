import { type Language, translate } from '@presente/shared';
import { escapeHtml } from '../../lib/html.js';

/** The page a mailed register link opens: the two files to download, or why the link no longer works. */
export function registerLinkPage(lang: Language, token: string | null): string {
  const t = (key: string) => escapeHtml(translate(key, lang));
  const words =
    lang === 'en'
      ? {
          title: 'Attendance register',
          intro: 'Download the whole attendance register of your company (every month kept).',
          xlsx: 'Download Excel',
          pdf: 'Download PDF',
        }
      : {
          title: 'Registro de control de asistencia',
          intro: 'Descarga el registro de asistencia completo de tu empresa (todos los meses conservados).',
          xlsx: 'Descargar Excel',
          pdf: 'Descargar PDF',
        };
  const file = (format: string) => `/api/public/register/${encodeURIComponent(token ?? '')}/file?format=${format}&lang=${lang}`;
  const body = token
    ? `<h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.intro)}</p>
<div class="actions"><a class="primary" href="${escapeHtml(file('xlsx'))}">${escapeHtml(words.xlsx)}</a><a href="${escapeHtml(file('pdf'))}">${escapeHtml(words.pdf)}</a></div>
<p class="notice">${t('register.retention')}</p>`
    : `<h1>${escapeHtml(words.title)}</h1><p>${t('register.linkInvalid')}</p>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(words.title)} · Presente</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;padding:24px;color:#1a1b1e}
main{max-width:480px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:20px}.notice{color:#555;font-size:14px}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin:20px 0}
.actions a{flex:1;min-width:160px;text-align:center;padding:12px;border-radius:8px;background:#e9ecef;color:#1a1b1e;text-decoration:none;font-weight:600}
.actions a.primary{background:#4338ca;color:#fff}
</style></head>
<body><main>${body}</main></body></html>`;
}
