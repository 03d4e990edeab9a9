/**
 * A page of about the weight of the site's articles, made of nothing but React Router and plain elements: ~11 KB of
 * loader data (30 sections of distinct text, so that turbo-stream cannot share strings between them), ~44 KB of HTML
 * with ~360 elements, and 30 <Link>s, as many as an article's header, body and footer hold. (An article: ~10 KB of
 * loader data, ~48 KB of HTML, ~385 elements.)
 */
import { Link } from 'react-router';

const WORDS = 'privacy speed servers streaming security encryption protocol jurisdiction logging audit latency bandwidth router torrent netflix kill switch split tunnelling obfuscation wireguard openvpn refund support device plan price'.split(' ');

const text = (seed: number, words: number) => Array.from({ length: words }, (_, j) => WORDS[(seed * 31 + j * 7 + (j * j) % 13) % WORDS.length]).join(' ');

export function loader({ params }: { params: { n?: string } }) {
  const n = Number(params.n);
  const sections = Array.from({ length: 30 }, (_, i) => ({ heading: `Section ${i + 1} of page ${n}: ${text(n + i, 3)}`, body: `${text(n * 30 + i, 36)} (${n}.${i})` }));
  return { title: `Page ${n}`, sections };
}

export function meta({ data }: { data: { title: string } | undefined }) {
  return [{ title: data?.title ?? 'Page' }, { name: 'description', content: `A page of the render floor: ${data?.title ?? ''}` }];
}

export default function Page({ loaderData }: { loaderData: Awaited<ReturnType<typeof loader>> }) {
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <nav className="mx-auto flex max-w-6xl flex-wrap gap-2 px-4 py-3">
          {Array.from({ length: 15 }, (_, i) => (
            <Link key={i} to={`/p/${i}`} className="rounded px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100">
              Menu item {i + 1}
            </Link>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{loaderData.title}</h1>
        {loaderData.sections.map((s, i) => (
          <section key={i} className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-xl font-semibold text-slate-900">{s.heading}</h2>
            <p className="mt-2 leading-relaxed text-slate-700">{s.body}</p>
            <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
              {s.body.split(' ', 3).map((w, j) => (
                <li key={j}>
                  <span className="font-medium">{w}</span> is covered in the section above
                </li>
              ))}
            </ul>
          </section>
        ))}
      </main>
      <footer className="border-t border-slate-200 bg-slate-900 text-slate-300">
        <nav className="mx-auto grid max-w-6xl grid-cols-2 gap-2 px-4 py-8 sm:grid-cols-5">
          {Array.from({ length: 15 }, (_, i) => (
            <Link key={i} to={`/p/${100 + i}`} className="text-sm hover:text-white">
              Footer link {i + 1}
            </Link>
          ))}
        </nav>
      </footer>
    </>
  );
}
