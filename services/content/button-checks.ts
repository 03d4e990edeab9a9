/**
 * Buttons say where they go: a provider-downloads button labelled "Download for <platform>" (or "Get <platform>
 * Config") opens the link of that platform's name on every provider's card. A provider without that link would get
 * a "Download for Windows" button that opens its homepage, so the label is refused unless the button says what to
 * show instead (`otherwise`, e.g. "Visit {name}").
 */
/** A provider-downloads button, as the cross-file rules need it. */
export interface DownloadButton {
  /** The label's pointer. */
  pointer: string;
  label: string;
  link: string;
  providers: string[];
  otherwise?: string;
}

/**
 * The link name a label promises, or undefined for another label: "Download for <platform>" (or "on"), and
 * "Get <platform> Config" (a router's configuration files, say), which a provider's homepage cannot give either.
 */
export function promisedLink(label: string): string | undefined {
  const m = /^\s*(?:download\s+(?:for|on)\s+(?:the\s+)?(.+?)|get\s+(?:the\s+)?(.+?)\s+config(?:uration)?(?:\s+files?)?)\s*$/i.exec(label);
  if (!m) return undefined;
  const platform = (m[1] ?? m[2])!.toLowerCase().replace(/[^a-z0-9]/g, '');
  const aliases: Record<string, string> = { mac: 'macos', osx: 'macos', iphone: 'ios', ipad: 'ios', pc: 'windows', routers: 'router' };
  return aliases[platform] ?? platform;
}

/** Every provider-downloads block's buttons in a file's data, with their pointers. */
export function downloadButtons(data: unknown): DownloadButton[] {
  const found: DownloadButton[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, `${pointer}/${i}`));
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o.type === 'provider-downloads' && Array.isArray(o.buttons) && Array.isArray(o.providers)) {
      const providers = (o.providers as { provider?: unknown }[]).map((p) => p?.provider).filter((p): p is string => typeof p === 'string');
      (o.buttons as Record<string, unknown>[]).forEach((b, i) => {
        if (typeof b?.label === 'string' && typeof b.link === 'string') {
          found.push({
            pointer: `${pointer}/buttons/${i}/label`,
            label: b.label,
            link: b.link,
            providers,
            ...(typeof b.otherwise === 'string' ? { otherwise: b.otherwise } : {}),
          });
        }
      });
      return;
    }
    for (const [k, v] of Object.entries(o)) walk(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  walk(data, '');
  return found;
}

/**
 * What is wrong with one button, given each provider's link names and display name: a label that names another
 * platform than its link, or that promises a download a provider on the block has no link for.
 */
export function downloadProblems(b: DownloadButton, providers: ReadonlyMap<string, { name: string; links?: readonly string[] }>): string[] {
  const promised = promisedLink(b.label);
  if (promised === undefined) return [];
  if (promised !== b.link) return [`"${b.label}" opens the ${b.link} link: label it for that platform, or set link: ${promised}`];
  if (b.otherwise !== undefined) {
    return promisedLink(b.otherwise) !== undefined
      ? [`otherwise: "${b.otherwise}" is shown where there is no ${b.link} link, so it cannot promise a download; say "Visit {name}"`]
      : [];
  }
  const without = b.providers.filter((slug) => providers.get(slug)?.links && !providers.get(slug)!.links!.includes(b.link));
  if (!without.length) return [];
  const names = without.map((slug) => providers.get(slug)!.name);
  return [
    `"${b.label}" would open the homepage of ${names.join(', ')}: ${without.length > 1 ? 'they have' : 'it has'} no ${b.link} link. Add links.${b.link} to ${without.map((s) => `data/providers/${s}.yaml`).join(', ')}, or add otherwise: "Visit {name}" to the button`,
  ];
}
