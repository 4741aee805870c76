import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client lives in client/; the server serves dist/client in production.
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
