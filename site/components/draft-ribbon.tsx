/**
 * The ribbon over a page that is not on the site: a draft, or one outside its publishing times. Only `vpnsite dev`
 * renders such pages (a build leaves them out), so an editor sees what they are writing and that it is not live.
 */
export function DraftRibbon({ standing, text }: { standing: 'draft' | 'scheduled' | 'expired'; text: string }) {
  const label = standing === 'draft' ? 'Draft' : standing === 'scheduled' ? 'Scheduled' : 'Expired';
  return (
    <p
      role="status"
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
      data-testid="draft-ribbon"
    >
      <strong className="font-bold uppercase tracking-wide">{label}</strong>: not on the site, because {text}.
    </p>
  );
}
