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

/** A difficulty as its badge, coloured by how hard it is. */
function Difficulty({ of }: { of: keyof typeof DIFFICULTY_VARIANT }) {
  return <Badge variant={DIFFICULTY_VARIANT[of]}>{of}</Badge>;
}

/** A firmware's or a protocol's card: its name, what it is, its facts, then a labelled list (features, platforms). */
function TechCard({
  item,
  testId,
  facts,
  listLabel,
  children,
}: {
  item: { name: string; description: string };
  testId: string;
  /** Each fact as its label and its value, in order. */
  facts: readonly (readonly [string, React.ReactNode])[];
  listLabel: string;
  children: React.ReactNode;
}) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-6" data-testid={testId}>
      <h3 className="text-lg font-semibold">{item.name}</h3>
      <p className="mt-2 text-sm leading-6 text-slate-700">{item.description}</p>
      <dl className="mt-4 space-y-2">
        {facts.map(([label, value]) => (
          <Fact key={label} label={label}>
            {value}
          </Fact>
        ))}
      </dl>
      <p className="mt-4 text-sm font-semibold">{listLabel}</p>
      {children}
    </article>
  );
}

export function FirmwareBlock({ block }: { block: Of<'firmware'> }) {
  const { labels } = block;
  return (
    <BlockSection block={block} guide>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {block.items.map((fw) => (
          <TechCard
            key={fw.name}
            item={fw}
            testId="firmware"
            facts={[
              [labels.difficulty, <Difficulty key="d" of={fw.difficulty} />],
              [labels.compatibility, fw.compatibility],
            ]}
            listLabel={labels.features}
          >
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {fw.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </TechCard>
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
          <TechCard
            key={p.name}
            item={p}
            testId="protocol"
            facts={[
              [labels.ports, p.ports],
              [labels.encryption, p.encryption],
              [labels.difficulty, <Difficulty key="d" of={p.difficulty} />],
            ]}
            listLabel={labels.platforms}
          >
            <ul className="mt-2 flex flex-wrap gap-2">
              {p.platforms.map((name) => (
                <li key={name} className="rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-800">
                  {name}
                </li>
              ))}
            </ul>
          </TechCard>
        ))}
      </div>
    </BlockSection>
  );
}
