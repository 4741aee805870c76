import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pageTexts } from './tools/vite-page-texts';
import { ownChunkName } from './tools/shell-chunk';

// The public pages' entry (client/src/site-main.tsx), built after the app's into the same folder:
// the server renders a public page's document with this build's entry and chunks (its manifest).
export default defineConfig({
  root: 'client',
  publicDir: false,
  plugins: [react(), pageTexts()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: false,
    sourcemap: false,
    manifest: '.vite/site-manifest.json', // read by the server and tools/bundle-report.ts
    modulePreload: false,
    rolldownOptions: {
      input: 'client/src/site-main.tsx',
      output: {
        // The libraries change less often than our code: their chunk stays cached across releases. Our
        // modules come in two chunks, as in the app's build (tools/shell-chunk.ts).
        codeSplitting: {
          groups: [
            // One file for React, React Router and i18next: a phone fetches a few files at a time over HTTP/1.1.
            {
              name: 'libraries',
              priority: 20,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|i18next|react-i18next|i18next-resources-to-backend|use-sync-external-store)[\\/]/,
            },
            { name: ownChunkName(/[\\/]client[\\/]src[\\/]site-main\.tsx$/), priority: 10 },
          ],
        },
      },
    },
  },
});
