/** What an article's card says of it without being written down twice: when it was published, and how long it reads. */

/** Words a minute an adult reads on screen: the usual figure behind "N min read". */
export const WORDS_PER_MINUTE = 200;

/** Every word of a value's text, however deeply its blocks nest (the block `type` tags are not text). */
function countWords(value: unknown): number {
  if (typeof value === 'string') return value.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countWords(v), 0);
  if (value && typeof value === 'object') return Object.entries(value).reduce((n, [k, v]) => n + (k === 'type' ? 0 : countWords(v)), 0);
  return 0;
}

/** Minutes to read the blocks, rounded up; at least one. */
export function readingMinutes(blocks: unknown): number {
  return Math.max(1, Math.ceil(countWords(blocks) / WORDS_PER_MINUTE));
}

/** The day an article counts as published (YYYY-MM-DD): its publishAt when it has one, else its updated date. */
export function publishedOn(article: { updated: string; publishAt?: string }): string {
  return article.publishAt ? new Date(article.publishAt).toISOString().slice(0, 10) : article.updated;
}

/** Newest first; articles of one day by slug, so the order never depends on the file system. */
export function newestFirst<T extends { slug: string; published: string }>(articles: T[]): T[] {
  return [...articles].sort((a, b) =>
    a.published === b.published ? (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0) : a.published < b.published ? 1 : -1,
  );
}
