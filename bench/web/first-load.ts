/**
 * First-load weight of the web app, per route, from the build in apps/web/dist (issue 16, decision 0026).
 * Builds nothing: run `npm run build` first. For each route it takes the JavaScript a browser fetches before
 * the page shows: the entry of index.html and its static imports, plus the route's lazy chunks (page, area
 * layout, tab, translations of the route's language and namespaces) and their static imports, as Vite's
 * manifest (dist/.vite/manifest.json) lists them. Sizes are the .br copies the build writes (quality 11;
 * compressed here at the same quality when a copy is missing). For each route it also gives the HTML the server sends
 * (html_br_kb) and whether that HTML draws the page before any script runs (drawn_before_js: the public pages the
 * build prerenders, dist/prerendered/<lang>/, decision 0069). Prints one JSON line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const DIST = resolve(process.env.WEB_DIST ?? join(import.meta.dirname, '../../apps/web/dist'));
const LANG = process.env.LANG_CODE ?? 'es';

/**
 * The lazy modules each route renders first, as source paths (apps/web-relative) matched by pattern;
 * a pattern that matches nothing (the module is inside the entry) adds nothing.
 */
// A namespace's parts are either their own chunks (src/locales/es/auth.json) or one grouped chunk (_locale-es-auth-*.js).
const locale = (...ns: string[]) => new RegExp(`^(src/locales/${LANG}/(${ns.join('|')})(/[\\w-]+)?\\.json|_locale-${LANG}-(${ns.join('|')})-[\\w-]+\\.js)$`);
// The shared catalogue: a visitor's part (sign-in, registration) and the rest, which the other pages load with it.
const publicMessages = new RegExp(`^virtual:presente-messages/${LANG}/public$`);
const messages = new RegExp(`^virtual:presente-messages/${LANG}(/public)?$`);
const ROUTES: Record<string, { path: string; lazy: RegExp[] }> = {
  landing: { path: '/', lazy: [/^src\/features\/landing\/pages\/LandingPage\.tsx$/, locale('common')] },
  login: { path: '/login', lazy: [/^src\/features\/auth\/pages\/LoginPage\.tsx$/, locale('common', 'auth'), publicMessages] },
  register: { path: '/register', lazy: [/^src\/features\/auth\/pages\/RegisterPage\.tsx$/, locale('common', 'auth'), publicMessages] },
  'company-admin': {
    path: '/company-admin',
    lazy: [
      /^src\/app\/ProtectedArea\.tsx$/,
      /^src\/features\/dashboard\/components\/DashboardLayout\.tsx$/,
      /^src\/features\/company-overview\/pages\/CompanyOverviewTab\.tsx$/,
      locale('common', 'dashboard'),
      messages,
    ],
  },
  employee: {
    path: '/employee',
    lazy: [
      /^src\/app\/ProtectedArea\.tsx$/,
      /^src\/features\/dashboard\/components\/DashboardLayout\.tsx$/,
      /^src\/features\/employee-area\/overview\/EmployeeOverviewTab\.tsx$/,
      locale('common', 'dashboard', 'employee'),
      messages,
    ],
  },
  'super-admin': {
    path: '/super-admin',
    lazy: [
      /^src\/app\/ProtectedArea\.tsx$/,
      /^src\/features\/dashboard\/components\/DashboardLayout\.tsx$/,
      /^src\/features\/super-admin\/pages\/SuperAdminOverviewTab\.tsx$/,
      locale('common', 'dashboard'),
      messages,
    ],
  },
  kiosk: { path: '/attendance/:token', lazy: [/^src\/features\/face\/kiosk\/KioskPage\.tsx$/, locale('common', 'employee'), messages] },
};

/** The page file the build draws for a route (apps/server/src/plugins/web.ts, PRERENDERED_PAGES), or index.html. */
function servedHtml(route: string): { file: string; drawn: boolean } {
  const file = `prerendered/${LANG}/${route}.html`;
  return existsSync(join(DIST, file)) ? { file, drawn: true } : { file: 'index.html', drawn: false };
}

function brotliSize(file: string): number {
  const path = join(DIST, file);
  if (existsSync(`${path}.br`)) return readFileSync(`${path}.br`).length;
  const data = readFileSync(path);
  return brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  }).length;
}

function main() {
  const manifestPath = join(DIST, '.vite/manifest.json');
  if (!existsSync(join(DIST, 'index.html')) || !existsSync(manifestPath)) {
    console.error(`No build with a manifest in ${DIST}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const manifest: Manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

  // What index.html loads: the entry script and the chunks it preloads.
  const htmlFiles = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  const entryKeys = htmlFiles.map((f) => byFile.get(f)).filter((k): k is string => Boolean(k));
  if (entryKeys.length === 0) throw new Error('index.html names no chunk of the manifest');

  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key)) continue;
      into.add(key);
      closure(manifest[key]?.imports ?? [], into);
    }
    return into;
  };

  const routes: Record<string, { js_br_kb: number; js_raw_kb: number; files: number; lazy: number; html_br_kb: number; drawn_before_js: boolean }> = {};
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  for (const [name, route] of Object.entries(ROUTES)) {
    const lazyKeys = Object.keys(manifest).filter(
      (key) => (manifest[key].isDynamicEntry || key.startsWith('_locale-')) && route.lazy.some((re) => re.test(key)),
    );
    const keys = closure([...entryKeys, ...lazyKeys]);
    const files = [...new Set([...keys].map((k) => manifest[k].file))].filter((f) => f.endsWith('.js'));
    const br = files.reduce((sum, f) => sum + brotliSize(f), 0);
    const raw = files.reduce((sum, f) => sum + readFileSync(join(DIST, f)).length, 0);
    const served = servedHtml(name);
    routes[name] = {
      js_br_kb: kb(br),
      js_raw_kb: kb(raw),
      files: files.length,
      lazy: lazyKeys.length,
      html_br_kb: kb(brotliSize(served.file)),
      drawn_before_js: served.drawn,
    };
  }
  const entry = [...closure(entryKeys)].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  console.log(
    JSON.stringify({
      bench: 'web-first-load',
      lang: LANG,
      entry_br_kb: kb(entry.reduce((s, f) => s + brotliSize(f), 0)),
      routes,
    }),
  );
}

main();
