/** Patterns that several settings share. */

/** An origin: scheme and host, with no path. */
export const ORIGIN = '^https?://[^/\\s]+/*$';
/** One word: no white space anywhere. */
export const NO_SPACES = '^\\S+$';
