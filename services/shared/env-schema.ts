/**
 * Every environment variable vpnsite reads, declared once: its type, default, allowed values and a description for
 * people. The service's config reads the environment through it (env-read.ts), and `.env.example` is written from it
 * (`npm run env:example`), so adding a setting here is all it takes for both.
 *
 * Beside JSON Schema's own keywords a variable may carry `accepts` (what the error line says it takes, when the
 * keywords alone would read badly) and `secret` (the error line never repeats the value).
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { service, proxy, timeouts } from './env/service.ts';
import { database } from './env/database.ts';
import { clicks, counting, publishing } from './env/clicks.ts';
import { forms, stats } from './env/forms.ts';
import { mail } from './env/mail.ts';
import { build } from './env/build.ts';

/** The variables in the order `.env.example` lists them, a blank line between groups. */
export const ENV_GROUPS: readonly Record<string, TSchema>[] = [
  service,
  database,
  proxy,
  clicks,
  timeouts,
  counting,
  publishing,
  forms,
  stats,
  mail,
  build,
];

export const EnvSchema = Type.Object({
  ...service,
  ...database,
  ...proxy,
  ...clicks,
  ...timeouts,
  ...counting,
  ...publishing,
  ...forms,
  ...stats,
  ...mail,
  ...build,
});

/** The environment as read: every variable with a default has its value, the others may be missing. */
export type Env = Static<typeof EnvSchema>;
export type EnvName = keyof Env;
