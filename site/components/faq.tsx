/** An FAQ as native <details> disclosure widgets: they open and close before any JavaScript runs. */
export function Faq({ heading, items }: { heading: string; items: readonly { question: string; answer: string }[] }) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-bold">{heading}</h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((item) => (
          <details key={item.question} className="group p-5" data-testid="faq-item">
            <summary className="cursor-pointer list-none font-semibold marker:hidden">
              <h3 className="inline">{item.question}</h3>
            </summary>
            <p className="mt-3 leading-7 text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
