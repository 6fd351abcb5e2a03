import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineCssSplit } from './scripts/vite-mantine-css.ts';
import { pageSnapshots } from './scripts/vite-page-snapshots.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { probeScreenModules, SCREEN_PROBE_ENV, screenChunkGroups, verifyScreenChunks } from './scripts/vite-screen-chunks.ts';
import { fileURLToPath } from 'node:url';

const apiPort = Number(process.env.PORT ?? 3000);

// The web app lives in web/; its production build lands in dist/web, which the API serves.
export default defineConfig(async ({ command }) => {
  // A build is React's production build whatever NODE_ENV the caller runs under: CI and the test
  // runner set NODE_ENV=test, which Vite passes to the bundle, and React then shipped its development
  // build (slower, with development-only checks) to the browser tests instead of what users run.
  if (command === 'build') process.env.NODE_ENV = 'production';
  // A build first splits automatically to learn which modules only the signed-in shell and the home
  // page load (scripts/vite-screen-chunks.ts); that first pass is this same config with the flag set.
  const probing = Boolean(process.env[SCREEN_PROBE_ENV]);
  const screenModules = command === 'build' && !probing ? await probeScreenModules(fileURLToPath(new URL('./vite.config.ts', import.meta.url))) : undefined;
  return {
    root: fileURLToPath(new URL('./web', import.meta.url)),
    plugins: [
      // Each screen's chunk carries the Mantine styles it uses, not every component's.
      mantineCssSplit(fileURLToPath(new URL('.', import.meta.url))),
      react(),
      // Installable app: manifest, and a service worker (web/src/sw.ts) that precaches the shell.
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        includeAssets: ['icon.svg', 'favicon.ico'],
        // The signed-in home pages are the server's to fill with the username: never served from the cache.
        injectManifest: { maximumFileSizeToCacheInBytes: 4 * 1024 * 1024, globIgnores: ['**/node_modules/**/*', 'home-*.html'] },
        manifest: {
          name: 'OnAir',
          short_name: 'OnAir',
          description: 'Live TV, radio and podcasts with chat, polls and creator tools.',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: '#e03131',
          background_color: '#ffffff',
          icons: [
            { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
          shortcuts: [
            { name: 'Watch on TV', url: '/tv' },
            { name: 'Offline downloads', url: '/mobile?tab=offline' },
          ],
        },
      }),
      // landing.html and home-<role>.html: screens rendered at build, painted before the app's code has run.
      !probing && pageSnapshots(),
      verifyScreenChunks(),
      // Brotli and gzip copies beside every text asset, built once here and served as they are
      // (@fastify/static's preCompressed), so no request pays for compression.
      !probing && precompress(),
    ],
    css: {
      postcss: fileURLToPath(new URL('./web/postcss.config.cjs', import.meta.url)),
    },
    build: {
      outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
      emptyOutDir: true,
      chunkSizeWarningLimit: 1500,
      // A signed-in first visit's shared code in two files rather than thirty-odd (scripts/vite-screen-chunks.ts).
      rolldownOptions: screenModules ? { output: { codeSplitting: { groups: screenChunkGroups(screenModules) } } } : {},
    },
    server: {
      port: Number(process.env.WEB_PORT ?? 5173),
      proxy: {
        '/api': `http://127.0.0.1:${apiPort}`,
        '/socket.io': { target: `http://127.0.0.1:${apiPort}`, ws: true },
      },
    },
  };
});
