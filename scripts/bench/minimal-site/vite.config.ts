import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { keepServerBuild } from '../../build/keep-server-build.ts';

export default defineConfig({ plugins: [reactRouter(), keepServerBuild()] });
