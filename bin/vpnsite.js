#!/usr/bin/env node
// The vpnsite CLI is written in TypeScript; tsx runs it without a compile step.
import { register } from 'tsx/esm/api';

register();
await import('../scripts/cli.ts');
