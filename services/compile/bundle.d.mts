/** See bundle.mjs: the directory of a current JavaScript bundle of a TypeScript entry, or undefined. */
export function bundled(entry: string): Promise<string | undefined>;
