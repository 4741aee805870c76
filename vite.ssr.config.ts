import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localeParts } from './tools/vite-locale-parts';

// The server's build of the public pages (client/src/entry-server.tsx), imported by
// server/http/public-site: it renders them to HTML, the browser build hydrates them.
export default defineConfig({
  root: 'client',
  publicDir: false,
  plugins: [react(), localeParts()],
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: '../dist/server',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // The server holds the four languages at once; the browser's lazy languages are not its concern.
      onwarn(warning, warn) {
        if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
      },
    },
  },
});
