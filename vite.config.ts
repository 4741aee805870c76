import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localeParts } from './tools/vite-locale-parts';
import { ownChunkName } from './tools/shell-chunk';

// The client lives in client/; the server serves dist/client in production.
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), localeParts()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true, // read by tools/bundle-report.ts
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: their own chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', priority: 20, test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'i18n', priority: 20, test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
            { name: ownChunkName(/[\\/]client[\\/]src[\\/]main\.tsx$/), priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        // The game console's socket (/api/services/{id}/console) goes through too, as if opened
        // on the server's own origin (PUBLIC_URL), the only Origin it accepts.
        ws: true,
        configure: (proxy) => proxy.on('proxyReqWs', (proxyReq) => proxyReq.setHeader('origin', 'http://localhost:3000')),
      },
    },
  },
});
