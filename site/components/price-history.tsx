/**
 * A plan's price history as a small step chart drawn on the server (inline SVG, no script), with the same
 * observations as a table for screen readers: the chart is a picture of the table, so it is hidden from them.
 */
import { formatPrice, formatShortDate, renewalText, type Observation } from '../../services/content/figure-format.ts';
import { useSite } from '../root';

/** One plan's observations, oldest first, and what tells the plan apart ("2-year plan, 3 months free"). */
export interface PlanHistory {
  id: string;
  label: string;
  observations: Pick<Observation, 'date' | 'price' | 'regularPrice' | 'renewal'>[];
}

export interface PriceHistoryLabels {
  date: string;
  price: string;
  regularPrice: string;
  renewal: string;
  none: string;
}

const W = 320;
const H = 132;
const PAD = { left: 8, right: 56, top: 16, bottom: 26 };

/** Where each observation sits: x by its date, y by its price per month (cheaper lower). */
function layout(observations: PlanHistory['observations']) {
  const days = observations.map((o) => Date.parse(o.date));
  const prices = observations.map((o) => o.price);
  const [first, last] = [Math.min(...days), Math.max(...days)];
  let [low, high] = [Math.min(...prices), Math.max(...prices)];
  // A flat history still needs a scale: a band of 10% around the one price puts its line in the middle.
  if (high - low < 0.01) [low, high] = [low * 0.9, high * 1.1];
  const x = (t: number) =>
    last === first ? (PAD.left + W - PAD.right) / 2 : PAD.left + ((t - first) / (last - first)) * (W - PAD.left - PAD.right);
  const y = (p: number) => PAD.top + (1 - (p - low) / (high - low)) * (H - PAD.top - PAD.bottom);
  return observations.map((o, i) => ({ x: x(days[i]!), y: y(o.price), o }));
}

/** The lowest and highest price with where they sit: dashed lines across, labelled at the right, as the scale. */
function scale(points: ReturnType<typeof layout>) {
  const byPrice = [...points].sort((a, b) => a.o.price - b.o.price);
  const [low, high] = [byPrice[0]!, byPrice[byPrice.length - 1]!];
  return low.o.price === high.o.price ? [] : [low, high];
}

/** A price holds until the next observation: the line steps rather than slopes between them. */
function stepPath(points: { x: number; y: number }[]): string {
  return points.map((p, i) => (i === 0 ? `M${p.x.toFixed(1)} ${p.y.toFixed(1)}` : `H${p.x.toFixed(1)}V${p.y.toFixed(1)}`)).join('');
}

/** The words of the price history where reviews.yaml's reviewPage.priceHistory names none. */
export const HISTORY_LABELS: PriceHistoryLabels & { title: string } = {
  title: 'Price history',
  date: 'Date',
  price: 'Price a month',
  regularPrice: 'Regular price',
  renewal: 'Renewal',
  none: 'Not stated',
};

/** The chart and its table for one plan. */
export function PriceHistoryChart({ plan, provider, labels }: { plan: PlanHistory; provider: string; labels: PriceHistoryLabels }) {
  const renewalLabel = useSite()?.prices.renewal;
  const points = layout(plan.observations);
  const lastPoint = points[points.length - 1]!;
  const firstDate = plan.observations[0]!.date;
  const lastDate = lastPoint.o.date;
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4" data-testid="price-history" data-plan={`${provider}/${plan.id}`}>
      <figcaption className="font-semibold text-slate-900">{plan.label}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="mt-2 h-auto w-full max-w-md text-blue-700"
        aria-hidden="true"
        focusable="false"
        data-testid="price-chart"
      >
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#cbd5e1" />
        {scale(points).map((p) => (
          <g key={p.o.price} fill="#64748b" stroke="#e2e8f0">
            <line x1={PAD.left} x2={W - PAD.right} y1={p.y.toFixed(1)} y2={p.y.toFixed(1)} strokeDasharray="3 3" />
            {p.o.price !== lastPoint.o.price && (
              <text x={W - PAD.right + 8} y={(p.y + 4).toFixed(1)} fontSize="11" stroke="none">
                {formatPrice(p.o.price)}
              </text>
            )}
          </g>
        ))}
        {points.length > 1 && <path d={stepPath(points)} fill="none" stroke="currentColor" strokeWidth="2.5" />}
        {points.map((p) => (
          <circle key={`${p.o.date}-${p.x}`} cx={p.x.toFixed(1)} cy={p.y.toFixed(1)} r="4" fill="currentColor" />
        ))}
        <text
          x={(lastPoint.x + 8).toFixed(1)}
          y={(lastPoint.y + 4).toFixed(1)}
          fontSize="13"
          fontWeight="700"
          fill="#0f172a"
          data-latest=""
        >
          {formatPrice(lastPoint.o.price)}
        </text>
        <text x={PAD.left} y={H - 6} fontSize="11" fill="#475569">
          {formatShortDate(firstDate)}
        </text>
        {lastDate !== firstDate && (
          <text x={W - PAD.right} y={H - 6} fontSize="11" fill="#475569" textAnchor="end">
            {formatShortDate(lastDate)}
          </text>
        )}
      </svg>
      {/* Hidden by a wrapper, not on the table itself: a table keeps at least its content's width whatever width it
          is given, so an sr-only table stuck out past a phone's screen and scrolled the whole page sideways. */}
      <div className="sr-only">
        <table data-testid="price-table">
          <caption>{plan.label}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.date}</th>
              <th scope="col">{labels.price}</th>
              <th scope="col">{labels.regularPrice}</th>
              <th scope="col">{labels.renewal}</th>
            </tr>
          </thead>
          <tbody>
            {plan.observations.map((o, i) => (
              <tr key={i}>
                <th scope="row">
                  <time dateTime={o.date}>{formatShortDate(o.date)}</time>
                </th>
                <td>{formatPrice(o.price)}</td>
                <td>{o.regularPrice === undefined ? labels.none : formatPrice(o.regularPrice)}</td>
                <td>{o.renewal ? renewalText(o.renewal, renewalLabel) : labels.none}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
