import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
