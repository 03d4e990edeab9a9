import { useEffect, useState } from 'react';
import { fetchLinks, type LinkCheckRow } from '../lib/stats-api';

/**
 * On the dashboard: the providers whose affiliate link the latest check found broken, whose clicks /go/ now sends to
 * their fallback link or website, unpaid, until a later check finds the link working.
 */
export function FailoverNotice({ token }: { token: string }) {
  const [failing, setFailing] = useState<LinkCheckRow[]>([]);
  useEffect(() => {
    let cancelled = false;
    void fetchLinks(token).then((rows) => !cancelled && setFailing(rows.filter((r) => r.failover)));
    return () => void (cancelled = true);
  }, [token]);
  if (!failing.length) return null;
  return (
    <section
      role="alert"
      aria-labelledby="failover"
      className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900"
      data-testid="failover"
    >
      <h2 id="failover" className="font-semibold">
        Broken affiliate links: clicks go to the fallback
      </h2>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {failing.map((r) => (
          <li key={r.provider}>
            <strong>{r.provider}</strong>: {r.problems.join('; ') || 'not working'} (checked {r.checkedAt}). /go/{r.provider} sends visitors
            to its fallback link or website until a check finds the affiliate link working.
          </li>
        ))}
      </ul>
    </section>
  );
}
