/**
 * The guides' provider picker: one card per provider with its download or config buttons. Each button opens that
 * provider's link of its name through /go/<slug>/<name>, which falls back to the provider's website: none is inert.
 * A provider without the link gets the button's `otherwise` text ("Visit Surfshark") and its website, so no button
 * promises a download it cannot give; a card shows each text once.
 */
import { Logo } from '../logo';
import type { Block } from '../../../services/content/index.ts';
import { Badge } from '../badge';
import { Icon } from '../icon';
import { OutboundLink } from '../outbound-link';
import type { BlockContext } from './context';
import { AffiliateDisclosure } from '../affiliate-disclosure';
import { BlockSection } from './block-section';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

const BUTTON = 'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold';

type Button = Of<'provider-downloads'>['buttons'][number];

/** A card's buttons: each with the text it shows and the link it opens, one of each text. */
function buttonsFor(buttons: readonly Button[], p: { name: string; linkNames: readonly string[] }) {
  const seen = new Set<string>();
  return buttons.flatMap((button) => {
    const has = p.linkNames.includes(button.link);
    const text = has || button.otherwise === undefined ? button.label : button.otherwise.replaceAll('{name}', p.name);
    if (seen.has(text)) return [];
    seen.add(text);
    return [{ button, text, destination: has || button.otherwise === undefined ? button.link : 'website' }];
  });
}

export function ProviderDownloadsBlock({ block, ctx }: { block: Of<'provider-downloads'>; ctx: BlockContext }) {
  return (
    <BlockSection block={block} guide data-outbound-group="">
      <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {block.providers.map((item) => {
          const p = ctx.providers[item.provider]!;
          const highlighted = item.badge !== undefined;
          return (
            <li
              key={item.provider}
              className={`flex flex-col rounded-xl border bg-white p-5 ${highlighted ? 'border-blue-700 ring-2 ring-blue-700' : 'border-slate-200'}`}
              data-testid="guide-provider"
              data-provider={item.provider}
            >
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 className="flex items-center gap-2 text-lg font-semibold">
                  <Logo emoji={p.logo} svg={p.logoSvg} size={24} />
                  {p.name}
                </h3>
                {item.badge && <Badge variant={item.badge.variant}>{item.badge.text}</Badge>}
              </div>
              {item.protocols && block.protocolsLabel && (
                <p className="mt-3 text-sm text-slate-700">
                  <span className="font-semibold text-slate-900">{block.protocolsLabel}</span> {item.protocols.join(', ')}
                </p>
              )}
              <div className="mt-auto flex flex-col gap-2 pt-4">
                {buttonsFor(block.buttons, p).map(({ button, text, destination }) => (
                  <OutboundLink
                    key={button.link}
                    provider={item.provider}
                    destination={destination}
                    from={ctx.path}
                    placement={`guide-${button.link}`}
                    className={`${BUTTON} ${highlighted ? 'bg-blue-700 text-white hover:bg-blue-800' : 'border border-slate-300 text-slate-900 hover:bg-slate-50'}`}
                  >
                    <Icon name={button.icon} size={16} />
                    {text}
                  </OutboundLink>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      <AffiliateDisclosure className="mt-3" />
    </BlockSection>
  );
}
