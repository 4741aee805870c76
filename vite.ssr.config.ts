import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server's build of the public pages (client/src/entry-server.tsx), imported by
// server/http/public-site: it renders them to HTML, the browser build hydrates them.
export default defineConfig({
  root: 'client',
  publicDir: false,
  plugins: [react()],
  // Every library inside the file: the production image installs the server's dependencies only,
  // and React, React Router and react-i18next are the client's (devDependencies).
  ssr: { noExternal: true },
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
