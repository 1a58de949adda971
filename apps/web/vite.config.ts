import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:8080';

// The SPA is served by apps/server from apps/web/dist; in dev Vite proxies the API paths to it.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: {
      '/auth': { target: api, changeOrigin: false },
      '/api': { target: api, changeOrigin: false },
      '/features': { target: api, changeOrigin: false },
      '/help': {
        target: api,
        changeOrigin: false,
        // Only article files go to the server; /help/{id} itself is an SPA route.
        bypass: (req) => (req.url?.endsWith('.md') ? undefined : '/index.html'),
      },
    },
  },
});
