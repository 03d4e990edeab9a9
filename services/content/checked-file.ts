import type { FileFacts } from './file-facts.ts';
import type { SourceFile } from './source.ts';

/** A file and its facts (fileRules): what the cross-file rules and the checks beside them read. */
export interface CheckedFile {
  source: SourceFile;
  facts: FileFacts;
}
