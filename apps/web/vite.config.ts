import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { sharedMessages } from './shared-messages';
import { kioskShellFiles, type ShellChunk } from './src/features/face/kiosk/offline/shell';

const API_TARGET = 'http://127.0.0.1:3000';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to each compressible file of the build, at the top quality:
 * once per build, not per request. The server sends them to browsers that accept them (plugins/web.ts,
 * docs/decisions/0017-compression.md). A copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'presente-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true }))
        .map((f) => join(outDir, f))
        .filter((f) => /\.(js|mjs|css|html|svg|json|txt|webmanifest|ico)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const data = await readFile(file);
          const [b, g] = await Promise.all([
            br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gz(data, { level: 9 }),
          ]);
          if (b.length < data.length) await writeFile(`${file}.br`, b);
          if (g.length < data.length) await writeFile(`${file}.gz`, g);
        }),
      );
    },
  };
}

/**
 * The face models the kiosk's guidance loads (faceGuide.ts: detector and mesh; the tfjs wasm binaries without
 * threads: the app is not cross-origin isolated), as the server serves them (modules/face/models.routes.ts), with a
 * revision from their bytes: the kiosk's service worker precaches them and fetches them again when a package
 * upgrade changes them (decision 0045).
 */
function faceModelEntries() {
  const require = createRequire(import.meta.url);
  const human = join(dirname(require.resolve('@vladmandic/human')), '..', 'models');
  const wasm = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
  const files = [
    ...['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin'].map((f) => [`api/face/models/human/${f}`, join(human, f)]),
    ...['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'].map((f) => [`api/face/models/wasm/${f}`, join(wasm, f)]),
  ];
  return files.map(([url, path]) => ({ url, revision: createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16) }));
}

/**
 * The kiosk's service worker (src/features/face/kiosk/offline/kiosk-sw.ts -> dist/kiosk-sw.js): Workbox's precache of
 * the kiosk's shell only (the chunk graph of this build, offline/shell.ts) and the face models. No web manifest here:
 * each kiosk link has its own, served by the API with the company's name (decision 0045).
 */
function kioskServiceWorker() {
  const outDir = fileURLToPath(new URL('dist/', import.meta.url));
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/features/face/kiosk/offline',
    filename: 'kiosk-sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      globIgnores: ['kiosk-sw.js', '**/*.map'],
      // Human's bundle is 1.5 MB.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      additionalManifestEntries: faceModelEntries(),
      manifestTransforms: [
        async (entries) => {
          const graph = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ShellChunk>;
          const shell = kioskShellFiles(graph);
          const keep = (url: string) => shell.has(url) || url.startsWith('kiosk-icons/') || url === 'favicon.svg' || url.startsWith('api/face/models/');
          return { manifest: entries.filter((e) => keep(e.url)), warnings: [] };
        },
      ],
    },
  });
}

export default defineConfig({
  plugins: [react(), sharedMessages(), precompress(), kioskServiceWorker()],
  // The landing's footer says the year; the prerendered page (scripts/prerender.mjs) is drawn with the build's.
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  resolve: {
    // React Router's package points every bundler at its development build (dev warnings included); the
    // production build is the same code without them.
    alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for the operator, kept beside the build: 'hidden' leaves no sourceMappingURL in the files, and the server
    // serves *.map to a signed-in super admin only (plugins/web.ts, decision 0036).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: the chunk graph bench/web/first-load.ts reads (decision 0026).
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // React (every page needs it) keeps a long-lived chunk of its own. Everything else is split by use:
        // one big vendor or Mantine chunk would put the dashboard's libraries on the landing page (decision 0026).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            // The parts of one namespace in one language (locales/es/dashboard.json + locales/es/dashboard/*.json)
            // travel as one lazy chunk: lib/i18n.ts loads the current language's namespaces as pages need them.
            {
              name: (id: string) => {
                const m = /locales[\\/](\w+)[\\/]([\w-]+?)(?:\.json$|[\\/])/.exec(id);
                return m ? `locale-${m[1]}-${m[2]}` : null;
              },
              test: /src[\\/]locales[\\/]\w+[\\/].*\.json$/,
              priority: 40,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
});
