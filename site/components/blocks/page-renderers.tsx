/**
 * Every block renderer, as the page route uses them. The company pages' small blocks come with the route. The guide
 * and article cards (one index page each) and the contact form (one page) load in the browser after the page's first
 * scripts, and each hydrates once it is in; until then its prerendered HTML shows and works as it is (the contact
 * form posts as a plain form). The prerender waits for them and writes each whole into its page (entry.server.tsx).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { ContactInfoBlock, LegalSectionsBlock } from './company-blocks';
import { RENDERERS, type Renderers } from './index';

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
  'contact-form': onDemand(() => import('./contact-form').then((m) => m.ContactFormBlock)),
};
