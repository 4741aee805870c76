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
      // The entry, and the hydration it imports after the first paint (its address from the server).
      input: ['client/src/site-main.tsx', 'client/src/site/hydrate-page.tsx'],
      // The hydration's export is what the entry calls.
      preserveEntrySignatures: 'exports-only',
      output: {
        // The libraries change less often than our code: their chunk stays cached across releases. Our
        // modules come in two chunks, as in the app's build (tools/shell-chunk.ts).
        codeSplitting: {
          groups: [
            // React in one file, React Router and i18next in another: fetched together after the first paint
            // (client/src/site-main.tsx), each then runs in its own task.
            { name: 'react', priority: 30, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'libraries',
              priority: 20,
              test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser|i18next|react-i18next|i18next-resources-to-backend|use-sync-external-store)[\\/]/,
            },
            // What the page runs before it is alive is its hydration, the entry's dynamic import.
            { name: ownChunkName(/[\\/]client[\\/]src[\\/]site[\\/]hydrate-page\.tsx$/), priority: 10 },
          ],
        },
      },
    },
  },
});
