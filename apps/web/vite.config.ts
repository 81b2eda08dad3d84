import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  base: '/app/',
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '^/(usercenter|acquiring|acquiringmerchant|settlement|account|payout|report|dev|pay)/': 'http://localhost:8080' } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 600 },
});
