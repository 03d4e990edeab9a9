import type { Comparison, Provider } from '../../services/content/index.ts';
import { DataTable, CELL } from './data-table';
import { formatMbps, formatMs } from '../../services/content/speed.ts';

type Speed = NonNullable<Provider['review']>['speed'];
type Side = { slug: string; name: string; review: { speed: Speed } };

/**
 * Whether the two speed tables may be read side by side: "the same method" only where both were tested at the same
 * places; otherwise the places both share, row against row, and the ones only one has, named.
 */
export function PairLocations({
  a,
  b,
  t,
  split,
  location,
}: {
  /** The speed tables' location column label. */
  location: string;
  a: Side;
  b: Side;
  t: Comparison['pair'];
  split: { shared: string[]; onlyA: string[]; onlyB: string[] };
}) {
  const fill = (s: string) =>
    s
      .replaceAll('{a}', a.name)
      .replaceAll('{b}', b.name)
      .replace('{shared}', split.shared.join('; '))
      .replace('{onlyA}', split.onlyA.join('; ') || '-')
      .replace('{onlyB}', split.onlyB.join('; ') || '-');
  const same = split.onlyA.length === 0 && split.onlyB.length === 0;
  const row = (s: Side, place: string) => s.review.speed.tests.find((x) => x.location === place)!;
  return (
    <>
      <p className="mt-3 text-slate-700" data-testid="pair-locations" data-same={same ? '' : undefined}>
        {same ? t.sameMethod : split.shared.length ? fill(t.sharedLocations) : fill(t.noSharedLocations)}
      </p>
      {!same && split.shared.length > 0 && (
        <DataTable columns={[location, a.name, b.name]} testId="pair-shared-speed">
          {split.shared.map((place) => (
            <tr key={place}>
              <th scope="row" className={`${CELL} font-medium`}>
                {place}
              </th>
              {[a, b].map((s) => (
                <td key={s.slug} className={CELL}>
                  {formatMbps(row(s, place).download)}, {formatMs(row(s, place).ping)}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
