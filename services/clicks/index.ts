/** Click tracking without I/O of its own: deciding whether a visit counts, and batching what is recorded. */
export { classifyVisit, REFERRER_MAX, USER_AGENT_MAX, type Visit, type VisitDecision, type SkipReason } from './classify.ts';
export { cropText, sanitizeFrom, sanitizePlacement } from './sanitize.ts';
export { newSalt, utcDay, visitorHash } from '../shared/visitor-hash.ts';
export { outboundUrl } from './subid.ts';
export { clickLine, LINE_COLUMNS, parseClickLine } from '../shared/click-line.ts';
export { Batcher, type BatcherOptions } from './batcher.ts';
export { IdPool } from './id-pool.ts';
export { ClickRecorder, type ClickInput } from './recorder.ts';
export type { ClickRow, ClickStore } from '../shared/click-row.ts';
export { ClickBudget } from './budget.ts';
