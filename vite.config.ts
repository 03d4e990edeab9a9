import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { iconSprite } from './scripts/build/icon-sprite.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), iconSprite()],
  server: { host: '127.0.0.1' },
  build: { assetsInlineLimit: 0 },
});
