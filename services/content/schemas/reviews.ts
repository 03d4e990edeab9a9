/** data/reviews.yaml: the /vpn-reviews listing page (spec §2 Reviews listing). */
import { IconText, IsoDate, List, Meta, Obj, Paragraphs, Str } from './common.ts';

export const ReviewsSchema = Obj(
  {
    meta: Meta,
    updated: IsoDate,
    updatedLabel: Str('The visible update line, "Last Updated January 2025".'),
    hero: Obj({ title: Str('Page <h1>.'), subtitle: Str('Text under the heading.') }, 'The page hero.'),
    grid: Obj(
      {
        title: Str('Heading above the provider cards.'),
        visit: Str('Visit button text; {name} becomes the provider name.'),
        readReview: Str('Review link text; {name} becomes the provider name.'),
      },
      'The grid of provider cards.',
    ),
    howWeReview: Obj(
      { title: Str('"How We Review VPNs".'), intro: Paragraphs, items: List(IconText, 'Performance testing, security analysis, real-world usage.') },
      'How we review.',
    ),
    whyTrust: Obj({ title: Str('"Why Trust Our Reviews".'), text: Paragraphs }, 'Why trust our reviews.'),
  },
  'The reviews listing page.',
);
