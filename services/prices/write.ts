/**
 * Appends observations to a provider file. The YAML document says where each plan's `prices:` list ends and how its
 * items are indented; the new item is rendered by the same library, one flow mapping on one line, and put after the
 * last one. The rest of the text is not re-printed (the yaml package would re-fold long strings), so every existing
 * line stays as it was and the diff is the added lines.
 */
import { isSeq, parseDocument, Document, type YAMLSeq } from 'yaml';
import type { Observation } from '../content/figure-format.ts';

/** An observation as one line of YAML, keys in the schema's order: `{ date: 2025-01-15, price: 3.39, … }`. */
export function observationYaml(o: Observation): string {
  const ordered = {
    date: o.date,
    price: o.price,
    ...(o.regularPrice === undefined ? {} : { regularPrice: o.regularPrice }),
    ...(o.renewal ? { renewal: { price: o.renewal.price, months: o.renewal.months } } : {}),
    currency: o.currency,
    source: o.source,
  };
  const doc = new Document(ordered);
  (doc.contents as { flow?: boolean }).flow = true;
  return doc.toString({ lineWidth: 0 }).trimEnd();
}

/** The text with each plan's observation added at the end of its `prices:` list. Throws when a list is not where expected. */
export function appendObservations(text: string, add: Record<string, Observation>): string {
  const doc = parseDocument(text);
  if (doc.errors.length) throw new Error(`the file does not parse: ${doc.errors[0]!.message}`);
  const inserts: { at: number; line: string }[] = [];
  for (const [plan, o] of Object.entries(add)) {
    const seq = doc.getIn(['plans', plan, 'prices'], true);
    if (!isSeq(seq) || !seq.items.length) throw new Error(`plans.${plan}.prices is not a list of observations`);
    inserts.push(insertion(text, seq as YAMLSeq, observationYaml(o), plan));
  }
  let out = text;
  // From the end of the file back, so that each position still holds when its line goes in.
  for (const { at, line } of inserts.sort((a, b) => b.at - a.at)) out = `${out.slice(0, at)}${line}${out.slice(at)}`;
  verify(out, text, add);
  return out;
}

function insertion(text: string, seq: YAMLSeq, item: string, plan: string): { at: number; line: string } {
  if (seq.flow) {
    throw new Error(`plans.${plan}.prices is written [ … ] on one line: write it as a list, one "- { … }" line per observation`);
  }
  const last = seq.items[seq.items.length - 1] as { range?: [number, number, number] };
  const [start, valueEnd] = last.range!;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const prefix = text.slice(lineStart, start);
  if (!/^ *- +$/.test(prefix)) throw new Error(`plans.${plan}.prices: its last item does not start a line with "- "`);
  // The end of the line the item's value ends on (a block mapping's range already takes in its last newline).
  const eol = text.indexOf('\n', valueEnd - 1);
  if (eol === -1) return { at: text.length, line: `\n${prefix}${item}` };
  return { at: eol + 1, line: `${prefix}${item}\n` };
}

/** The written text must read back as the old observations plus the new ones, and every old line must be kept. */
function verify(out: string, before: string, add: Record<string, Observation>): void {
  const was = parseDocument(before).toJS() as { plans: Record<string, { prices: unknown[] }> };
  const now = parseDocument(out).toJS() as { plans: Record<string, { prices: unknown[] }> };
  for (const [plan, o] of Object.entries(add)) {
    const expected = JSON.stringify([...was.plans[plan]!.prices, parseDocument(observationYaml(o)).toJS()]);
    if (JSON.stringify(now.plans[plan]?.prices) !== expected) throw new Error(`plans.${plan}.prices did not read back as written`);
  }
}
