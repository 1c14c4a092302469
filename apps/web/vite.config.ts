import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: app releases do not invalidate the browser cache of the libraries.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-transition-group|react-style-singleton|use-callback-ref|use-sidecar|tslib|get-nonce)/,
              priority: 20,
            },
            // Heavy, rarely used libraries (exports, maps, tour, captcha, face guidance) stay in their own lazy chunks.
            {
              name: 'vendor',
              test: /node_modules[\\/](?!altcha|@vladmandic|exceljs|jspdf|jspdf-autotable|leaflet|react-leaflet|driver\.js|papaparse|html2canvas|canvg|dompurify|core-js)/,
              priority: 10,
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
