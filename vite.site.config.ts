import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pageTexts } from './tools/vite-page-texts';
import { siteRuntime } from './tools/site-runtime';
import { ownChunkName } from './tools/shell-chunk';

// The public pages' entry (client/site.html), built after the app's into the same folder: the
// server answers a public page with site.html and the page's chunks from this build's manifest.
export default defineConfig({
  root: 'client',
  publicDir: false,
  plugins: [siteRuntime(), react(), pageTexts()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: false,
    sourcemap: false,
    manifest: '.vite/site-manifest.json', // read by the server and tools/bundle-report.ts
    modulePreload: false,
    rolldownOptions: {
      input: 'client/site.html',
      output: {
        // React changes less often than our code: its own chunk stays cached across releases. Our
        // modules come in two chunks, as in the app's build (tools/shell-chunk.ts).
        codeSplitting: {
          groups: [
            { name: 'react', priority: 20, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: ownChunkName(/[\\/]client[\\/]src[\\/]site-main\.tsx$/), priority: 10 },
          ],
        },
      },
    },
  },
});
