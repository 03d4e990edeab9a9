/** Renderers for the router firmware and VPN protocol cards. */
import type { Block } from '../../../services/content/index.ts';
import { Badge, DIFFICULTY_VARIANT } from '../badge';
import { BlockSection } from './block-section';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <dt className="font-semibold text-slate-900">{label}</dt>
      <dd className="text-slate-700">{children}</dd>
    </div>
  );
}

export function FirmwareBlock({ block }: { block: Of<'firmware'> }) {
  const { labels } = block;
  return (
    <BlockSection block={block} guide>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {block.items.map((fw) => (
          <article key={fw.name} className="rounded-xl border border-slate-200 bg-white p-6" data-testid="firmware">
            <h3 className="text-lg font-semibold">{fw.name}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-700">{fw.description}</p>
            <dl className="mt-4 space-y-2">
              <Fact label={labels.difficulty}>
                <Badge variant={DIFFICULTY_VARIANT[fw.difficulty]}>{fw.difficulty}</Badge>
              </Fact>
              <Fact label={labels.compatibility}>{fw.compatibility}</Fact>
            </dl>
            <p className="mt-4 text-sm font-semibold">{labels.features}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {fw.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </BlockSection>
  );
}

export function ProtocolsBlock({ block }: { block: Of<'protocols'> }) {
  const { labels } = block;
  return (
    <BlockSection block={block} guide>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {block.items.map((p) => (
          <article key={p.name} className="rounded-xl border border-slate-200 bg-white p-6" data-testid="protocol">
            <h3 className="text-lg font-semibold">{p.name}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-700">{p.description}</p>
            <dl className="mt-4 space-y-2">
              <Fact label={labels.ports}>{p.ports}</Fact>
              <Fact label={labels.encryption}>{p.encryption}</Fact>
              <Fact label={labels.difficulty}>
                <Badge variant={DIFFICULTY_VARIANT[p.difficulty]}>{p.difficulty}</Badge>
              </Fact>
            </dl>
            <p className="mt-4 text-sm font-semibold">{labels.platforms}</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {p.platforms.map((name) => (
                <li key={name} className="rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-800">
                  {name}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </BlockSection>
  );
}
