import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { siteRuntime } from './tools/site-runtime';

// The server's build of the public pages (client/src/entry-server.tsx), imported by
// server/http/public-site: it renders them to HTML, the browser build hydrates them.
export default defineConfig({
  root: 'client',
  publicDir: false,
  // The same runtime as the browser's site build: what it hydrates is what this renders.
  plugins: [siteRuntime(), react()],
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: '../dist/server',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // One file: the pages' lazy imports are the browser's concern, not the server's.
      output: { codeSplitting: false },
    },
  },
});
