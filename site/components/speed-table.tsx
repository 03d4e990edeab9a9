import type { Provider } from '../../services/content/index.ts';

type Speed = NonNullable<Provider['review']>['speed'];

export interface SpeedLabels {
  baseline: string;
  columns: { location: string; download: string; upload: string; ping: string };
}

/** The review speed-test table: location, download, upload and ping against the stated baseline. */
export function SpeedTable({ speed, labels }: { speed: Speed; labels: SpeedLabels }) {
  return (
    <>
      <p className="mt-3 text-slate-700">{speed.intro}</p>
      <p className="mt-2 text-sm font-semibold text-slate-800" data-testid="speed-baseline">{labels.baseline.replace('{mbps}', String(speed.baseline))}</p>
      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-100 text-slate-800">
            <tr>
              <th scope="col" className="px-4 py-3">{labels.columns.location}</th>
              <th scope="col" className="px-4 py-3">{labels.columns.download}</th>
              <th scope="col" className="px-4 py-3">{labels.columns.upload}</th>
              <th scope="col" className="px-4 py-3">{labels.columns.ping}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {speed.tests.map((t) => (
              <tr key={t.location}>
                <th scope="row" className="px-4 py-3 font-medium">{t.location}</th>
                <td className="px-4 py-3">{t.download}</td>
                <td className="px-4 py-3">{t.upload}</td>
                <td className="px-4 py-3">{t.ping}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
