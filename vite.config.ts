import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compileHints } from './scripts/build/compile-hints.ts';
import { iconSprite } from './scripts/build/icon-sprite.ts';
import { renderOnEveryCore } from './scripts/build/react-router.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), iconSprite(), compileHints(), renderOnEveryCore()],
  server: { host: '127.0.0.1' },
  build: { assetsInlineLimit: 0 },
});
