/** data/streaming.yaml: the /vpn-streaming page: the ranked providers for streaming and the services they unblock. */
import { Faq, Icon, IconText, IsoDate, List, Meta, Obj, Paragraphs, PickBy, PickCount, PickNotes, Str } from './common.ts';

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
            speedText: Str(
              'The speed line; {download} becomes the median download of the provider\'s speed tests, e.g. "{download} median download".',
            ),
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
        picks: Obj(
          { by: PickBy, count: PickCount },
          'The provider cards: the top of the measure (the streaming score, say) over every reviewed provider, ranked by it below.',
        ),
        notes: PickNotes(
          {
            description: Str('Why it is good for streaming.'),
            features: List(Str('One feature.'), 'Features.'),
            pros: List(Str('One advantage.'), 'Pros.'),
            cons: List(Str('One drawback.'), 'Cons.'),
          },
          "A streaming card's words.",
        ),
        cta: Str('Button text on every card; {name} becomes the provider\'s name, e.g. "Get {name}".'),
        rankingTitle: Str('Heading of the full ranking below the cards.'),
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
