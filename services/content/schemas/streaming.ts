/** data/streaming.yaml: the /vpn-streaming page: the ranked providers for streaming and the services they unblock. */
import { Type } from '@sinclair/typebox';
import { Badge, Faq, Icon, IconText, IsoDate, List, Meta, Obj, Paragraphs, PlanRef, ProviderRef, Str } from './common.ts';

export const StreamingSchema = Obj(
  {
    meta: Meta,
    updated: IsoDate,
    hero: Obj({ title: Str('Page <h1>.'), subtitle: Str('Text under the heading.') }, 'The page hero.'),
    services: Obj(
      {
        title: Str('Section heading.'),
        regionsLabel: Str('Label before each tile\'s regions, e.g. "Best regions:".'),
        items: List(
          Obj(
            {
              name: Str('Service name.'),
              icon: Icon,
              description: Str('What the service offers.'),
              regions: List(Str('A region.'), 'Regions with the best library.'),
            },
            'A streaming service tile.',
          ),
          'The six service tiles.',
        ),
      },
      'Streaming services.',
    ),
    providers: Obj(
      {
        title: Str('Section heading.'),
        labels: Obj(
          {
            speed: Str('Speed label.'),
            servers: Str('Servers label.'),
            serversText: Str(
              'The servers line from the provider\'s record; {servers} and {countries} become its figures, e.g. "{servers} servers in {countries} countries".',
            ),
            price: Str('Price label.'),
            pros: Str('Pros heading.'),
            cons: Str('Cons heading.'),
          },
          'Labels on every provider card.',
        ),
        items: List(
          Obj(
            {
              provider: ProviderRef,
              plan: Type.Optional(PlanRef),
              badge: Badge,
              description: Str('Why it is good for streaming.'),
              speed: Str('Speed label, e.g. "Ultra-fast".'),
              features: List(Str('One feature.'), 'Features.'),
              pros: List(Str('One advantage.'), 'Pros.'),
              cons: List(Str('One drawback.'), 'Cons.'),
              cta: Str('Button text.'),
            },
            "A provider card: rating, servers, countries and the plan's price come from the provider's record.",
          ),
          'The three provider cards.',
        ),
      },
      'Recommended providers.',
    ),
    tips: Obj({ title: Str('Section heading.'), items: List(IconText, 'Tips.') }, 'Streaming tips.'),
    issues: Obj(
      {
        title: Str('Section heading.'),
        solutionLabel: Str('Label before each solution, e.g. "Solution:".'),
        items: List(Obj({ issue: Str('The problem.'), solution: Str('How to fix it.') }, 'An issue and its solution.'), 'Common issues.'),
      },
      'Common issues.',
    ),
    why: Obj(
      { title: Str('Section heading.'), text: Paragraphs, features: List(IconText, 'The three feature blurbs.') },
      'Why use a VPN for streaming.',
    ),
    faq: Obj({ title: Str('FAQ heading.'), items: Faq }, 'The FAQ.'),
  },
  'The streaming page.',
);
