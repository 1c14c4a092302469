import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { sharedMessages } from './shared-messages';

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

export default defineConfig({
  plugins: [react(), sharedMessages(), precompress()],
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
