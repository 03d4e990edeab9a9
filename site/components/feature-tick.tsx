import { Icon } from './icon';

/** A green tick when true, a red cross when false, with the state in text for screen readers. */
export function FeatureTick({ label, ok }: { label: string; ok: boolean }) {
  return (
    <li className="flex items-center gap-2 text-sm" data-feature-tick="">
      {ok ? (
        <Icon name="check" size={16} className="shrink-0 text-green-600" />
      ) : (
        <Icon name="x" size={16} className="shrink-0 text-red-600" />
      )}
      <span>
        {label}
        <span className="sr-only">{ok ? ': yes' : ': no'}</span>
      </span>
    </li>
  );
}
