// Draws the public pages' HTML at build time (decision 0069): run by `npm run build -w apps/web` after `vite build`.
// Each page in src/prerender.tsx's PRERENDERED_PAGES, in Spanish and English, is rendered by React on Node through
// Vite's SSR loader (the same sources, aliases and catalogues as the browser build) and written into a copy of the
// built index.html as dist/prerendered/<lang>/<page>.html (with .br and .gz copies). The browser paints that HTML with
// the build's CSS before any script runs; main.tsx then hydrates it. The server picks the file (plugins/web.ts).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// The production builds of React and the libraries, as in the browser build (before anything loads them).
process.env.NODE_ENV = 'production';
// lib/i18n.ts detects the language from the browser's list; Node before 21 has none. Each page sets its own language.
if (typeof globalThis.navigator === 'undefined') globalThis.navigator = { language: 'es', languages: ['es'] };
const { createServer } = await import('vite');

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = join(webRoot, 'dist');
const LANGUAGES = ['es', 'en'];

/** The HTML-escaped text of an attribute or a title. */
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The stylesheets a page's own chunk needs beyond index.html's (dist/.vite/manifest.json), linked so the first paint
 * has them. Its scripts are not preloaded: see fillTemplate.
 */
function pageStyles(manifest, source, template) {
  const css = new Set();
  const seen = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) walk(next);
  };
  walk(source);
  return [...css].filter((file) => !template.includes(`/${file}"`));
}

/** The page's source file as the manifest names it, from the route table's loader (app/routes.tsx). */
const PAGE_SOURCES = {
  landing: 'src/features/landing/pages/LandingPage.tsx',
  login: 'src/features/auth/pages/LoginPage.tsx',
  register: 'src/features/auth/pages/RegisterPage.tsx',
  'forgot-password': 'src/features/auth/pages/ForgotPasswordPage.tsx',
};

/**
 * index.html with the page drawn in #root, in its language, with its title and description. The stylesheets come first
 * in <head>, before any script: they are all the first paint waits for. The build's module preloads are left out: the
 * entry script finds the same files one round trip later, and until then they would share the connection with the
 * stylesheet the page is waiting for (Lighthouse counts every script that finished before the first paint as blocking
 * it). Only the entry script stays, and React hydrates the page when it has run (main.tsx). #root is `inert` until then
 * (app/PrerenderHandOver.tsx): a click, a keystroke or a native submit before React owns the page would be lost.
 */
export function fillTemplate(template, { lang, title, description, html, css }) {
  const styles = [...template.matchAll(/\s*<link rel="stylesheet"[^>]*>/g)].map((m) => m[0].trim());
  const links = [...styles, ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)].join('\n    ');
  const out = template
    .replace(/\s*<link rel="(?:stylesheet|modulepreload)"[^>]*>/g, '')
    .replace(/<html lang="[^"]*">/, `<html lang="${lang}" data-mantine-color-scheme="light">`)
    .replace(/(<meta name="viewport"[^>]*>)/, `$1\n    ${links}`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${escapeHtml(description)}$2`)
    // The boot spinner is for pages drawn by the script; this one is drawn already.
    .replace(/\s*<div id="boot-loader"[\s\S]*?<\/div>\s*<\/div>/, '')
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${lang}" inert>${html}</div>`);
  if (!out.includes('data-prerendered') || out.includes('boot-loader"') || styles.length === 0 || !out.includes('<script type="module"')) {
    throw new Error('index.html no longer has the shape prerender.mjs expects');
  }
  return out;
}

async function main() {
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8'));
  const vite = await createServer({
    root: webRoot,
    mode: 'production',
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  try {
    const { renderPage, PRERENDERED_PAGES } = await vite.ssrLoadModule('/src/prerender.tsx');
    for (const lang of LANGUAGES) {
      for (const { path, file } of PRERENDERED_PAGES) {
        const page = await renderPage(path, lang);
        const css = pageStyles(manifest, PAGE_SOURCES[file], template);
        const html = fillTemplate(template, { lang, ...page, css });
        const out = join(dist, 'prerendered', lang, `${file}.html`);
        await mkdir(dirname(out), { recursive: true });
        const data = Buffer.from(html);
        await writeFile(out, data);
        await writeFile(`${out}.br`, await br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${out}.gz`, await gz(data, { level: 9 }));
        console.log(`prerendered ${lang} ${path} -> ${out.slice(webRoot.length)} (${(data.length / 1024).toFixed(1)} KB)`);
      }
    }
  } finally {
    await vite.close();
  }
}

// Run as a script (the build); imported, it only lends fillTemplate.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
