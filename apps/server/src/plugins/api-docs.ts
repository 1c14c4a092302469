import { FILE_TYPES, fileAnswer, type Language, translate } from '@presente/shared';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../lib/html.js';

/**
 * The interactive reference at /api/docs (decision 0048): a page built from /api/openapi.json by a small script of
 * the app's own (the CSP allows no inline or third-party script), with a "send" form per operation that calls the
 * API with the key typed in the page (kept in the tab's sessionStorage only).
 */
function page(lang: Language) {
  const t = (key: Parameters<typeof translate>[0]) => escapeHtml(translate(key, lang));
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('apiDocs.title')}</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;color:#1a1b1e}code,pre,textarea{font-family:ui-monospace,monospace}
details{border:1px solid #ccc;border-radius:6px;margin:.4rem 0;padding:.4rem .6rem}summary{cursor:pointer}.m{display:inline-block;min-width:4.5rem;font-weight:700}
pre{background:#f4f4f5;padding:.5rem;overflow:auto;max-height:24rem}label{display:block;margin:.3rem 0}input,textarea{width:100%;box-sizing:border-box}</style></head>
<body><main><h1>${t('apiDocs.title')}</h1><p>${t('apiDocs.intro')}</p>
<label>${t('apiDocs.key')} <input id="api-key" type="password" autocomplete="off" placeholder="pk_live_..."></label>
<div id="ops" data-send="${t('apiDocs.send')}" data-body="${t('apiDocs.body')}" data-answer="${t('apiDocs.answer')}"></div></main>
<script src="/api/docs/reference.js"></script></body></html>`;
}

const SCRIPT = `(() => {
  const ops = document.getElementById('ops');
  const keyInput = document.getElementById('api-key');
  keyInput.value = sessionStorage.getItem('presente-api-key') || '';
  keyInput.addEventListener('change', () => sessionStorage.setItem('presente-api-key', keyInput.value));
  const el = (tag, props, ...kids) => { const e = Object.assign(document.createElement(tag), props || {}); e.append(...kids); return e; };
  fetch('/api/openapi.json').then((r) => r.json()).then((doc) => {
    const paths = Object.entries(doc.paths).sort(([a], [b]) => (a.startsWith('/api/v1') ? 0 : 1) - (b.startsWith('/api/v1') ? 0 : 1) || a.localeCompare(b));
    for (const [path, methods] of paths) for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters || []).map((p) => ({ p, input: el('input', { name: p.name, placeholder: p.name + ' (' + p.in + ')' }) }));
      const body = op.requestBody ? el('textarea', { rows: 6 }) : null;
      const out = el('pre');
      const send = el('button', { type: 'button', textContent: ops.dataset.send });
      send.addEventListener('click', async () => {
        let url = path; const query = new URLSearchParams();
        for (const { p, input } of params) if (input.value) { if (p.in === 'path') url = url.replace('{' + p.name + '}', encodeURIComponent(input.value)); else if (p.in === 'query') query.set(p.name, input.value); }
        const headers = { Accept: 'application/json' };
        if (path.startsWith('/api/v1') && keyInput.value) headers.Authorization = 'Bearer ' + keyInput.value;
        if (body) headers['Content-Type'] = 'application/json';
        const res = await fetch(url + (query.size ? '?' + query : ''), { method: method.toUpperCase(), headers, body: body ? body.value : undefined, credentials: path.startsWith('/api/v1') ? 'omit' : 'same-origin' });
        const text = await res.text();
        let shown = text; try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch {}
        out.textContent = res.status + ' ' + res.statusText + '\\n' + shown;
      });
      const schema = el('pre', { textContent: JSON.stringify(op.responses, null, 2) });
      ops.append(el('details', {}, el('summary', {}, el('span', { className: 'm', textContent: method.toUpperCase() }), el('code', { textContent: path }), ' ' + (op.summary || '')),
        el('p', { textContent: op.description || '' }), ...params.map(({ input }) => el('label', {}, input)),
        ...(body ? [el('label', {}, ops.dataset.body, body)] : []), send, el('h4', { textContent: ops.dataset.answer }), out, el('details', {}, el('summary', { textContent: 'schema' }), schema)));
    }
  });
})();
`;

export function registerApiDocs(app: FastifyInstance) {
  app.get('/api/docs', { schema: { hide: true, response: { 200: fileAnswer('The interactive API reference.', [FILE_TYPES.html]) } } }, async (req, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page(req.lang)),
  );
  app.get(
    '/api/docs/reference.js',
    { schema: { hide: true, response: { 200: fileAnswer("The reference page's script.", ['text/javascript']) } } },
    async (_req, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(SCRIPT),
  );
}
