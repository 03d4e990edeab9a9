/**
 * Every block renderer, as the page route uses them. The company pages' small blocks come with the route. The guide
 * and article cards (one index page each) load on demand under `vpnsite dev`; the prerender waits for them and writes
 * each whole into its page (entry.server.tsx). The contact form is an island: its code loads when a visitor uses it,
 * and until then it posts as a plain form.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { ContactInfoBlock, LegalSectionsBlock } from './company-blocks';
import { RENDERERS, type Renderers } from './index';
import { ContactFormBlock } from './contact-form';
import { Island } from '../island';

function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Block = lazy(async () => ({ default: await load() }));
  return (props: P) => (
    <Suspense>
      <Block {...props} />
    </Suspense>
  );
}

const pageBlocks = () => import('./page-blocks');

export const PAGE_BLOCKS: Renderers = {
  ...RENDERERS,
  'guide-cards': onDemand(() => pageBlocks().then((m) => m.GuideCardsBlock)),
  'article-cards': onDemand(() => pageBlocks().then((m) => m.ArticleCardsBlock)),
  'contact-info': ContactInfoBlock,
  'legal-sections': LegalSectionsBlock,
  // An island: the page is written whole at build time, and the form's code loads on the visitor's first use of it.
  'contact-form': ({ block }) => <Island name="contact" component={ContactFormBlock} props={{ block }} />,
};
