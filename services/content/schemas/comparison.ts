/**
 * data/comparison.yaml: the /compare table of every reviewed provider, and the words of the head-to-head pages
 * (/compare/<a>-vs-<b>), which are made from the two providers' records.
 */
import { Type } from '@sinclair/typebox';
import { IsoDate, Meta, Obj, Paragraphs, Str } from './common.ts';

const Template = (description: string) => Str(`${description} {a} and {b} become the two providers' names.`);

export const ComparisonSchema = Obj(
  {
    meta: Meta,
    updated: IsoDate,
    title: Str('The /compare page <h1>.'),
    intro: Paragraphs,
    columns: Obj(
      {
        name: Str('Provider column.'),
        rating: Str('Rating column.'),
        price: Str('Price per month column.'),
        servers: Str('Servers column.'),
        countries: Str('Countries column.'),
        devices: Str('Devices column.'),
        streaming: Str('Streaming column.'),
        torrenting: Str('Torrenting column.'),
        moneyBack: Str('Money-back column.'),
        visit: Str('Visit button text; {name} becomes the provider name.'),
      },
      "The table's column headings.",
    ),
    filters: Obj(
      {
        title: Str('Heading of the filters.'),
        streaming: Str('Filter: unblocks streaming.'),
        torrenting: Str('Filter: allows torrenting.'),
        unlimited: Str('Filter: unlimited devices.'),
        maxPrice: Str('Filter: price ceiling, e.g. "Price up to".'),
        anyPrice: Str('The price filter\'s "no ceiling" choice.'),
        showing: Str('How many rows show; {shown} and {total} become the counts.'),
        none: Str('Shown when no provider matches the filters.'),
        reset: Str('Button that clears the filters and the sort.'),
        sortBy: Str("Hidden text on each column's sort button; {column} becomes its heading."),
        noScript: Str('Shown after the count when JavaScript is off, which leaves the filters and sorting disabled.'),
        defaultOrder: Type.Optional(
          Str(
            'On a phone, where the table is cards without headings, the sort list\'s first choice: the content\'s own order (default "Our ranking").',
          ),
        ),
      },
      'The filters and sorting over the table, which work with JavaScript.',
    ),
    yes: Str('A feature a provider has.'),
    no: Str('A feature it lacks.'),
    pairs: Obj(
      {
        title: Str('Heading of the list of every head-to-head page.'),
        link: Template('Text of each link.'),
        limit: Type.Optional(
          Type.Integer({
            minimum: 2,
            description:
              'Head-to-head pages only among the first this many reviewed providers, by rating. Leave out for every pair (n providers make n(n-1)/2 pages).',
          }),
        ),
        tieMargin: Type.Optional(
          Type.Number({
            minimum: 0,
            maximum: 2,
            description:
              'How far apart two scores out of 10 may be and still be a tie on a head-to-head page (default 0.2). The scores decide every criterion, speed included, and the page states this margin.',
          }),
        ),
      },
      'Links to every head-to-head page.',
    ),
    pair: Obj(
      {
        title: Template('The page <h1>, e.g. "{a} vs {b}".'),
        metaTitle: Template('The document <title>.'),
        description: Template('The meta description.'),
        keywords: Template('Meta keywords, comma-separated.'),
        intro: Template('The line under the heading.'),
        breadcrumb: Str('The breadcrumb for /compare, e.g. "Compare VPNs".'),
        cards: Template('Heading of the two cards, e.g. "{a} and {b} at a glance".'),
        figures: Str('Heading of the table of every figure.'),
        figure: Str("The table's first column heading."),
        better: Str('Hidden text after a value that is the better one, e.g. "(better)".'),
        rows: Obj(
          {
            rating: Str('Rating row.'),
            price: Str('Price per month row.'),
            regularPrice: Str('Regular price row.'),
            plan: Str('Plan row.'),
            servers: Str('Servers row.'),
            countries: Str('Countries row.'),
            devices: Str('Devices row.'),
            streaming: Str('Streaming row.'),
            torrenting: Str('Torrenting row.'),
            killSwitch: Str('Kill switch row.'),
            noLogs: Str('No-logs row.'),
            support: Str('Support row.'),
            moneyBack: Str('Money-back row.'),
            owner: Str('Owner row.'),
          },
          'The rows of the figures table.',
        ),
        scores: Str('Heading of the two scorecards.'),
        speed: Str('Heading of the two speed tests.'),
        verdicts: Str('Heading of the verdict per criterion.'),
        wins: Str("A criterion's verdict; {name} becomes the provider with the higher score."),
        tie: Str('A criterion whose two scores are within the tie margin.'),
        tieRule: Str(
          'How the verdicts are decided, shown above them; {margin} becomes the tie margin, e.g. "The higher score wins each criterion; scores within {margin} points of each other are a tie."',
        ),
        sameMethod: Str('Said above the speed tests when both were tested at the same locations.'),
        sharedLocations: Str(
          'Said above the speed tests when their locations differ; {shared} becomes the locations both were tested at, {onlyA} and {onlyB} those only one was, e.g. "Compared where both were tested: {shared}. Only {a}: {onlyA}. Only {b}: {onlyB}."',
        ),
        noSharedLocations: Str('Said when the two were tested at no location in common; {a}, {b} are filled in.'),
        untested: Str('A criterion one of them was not tested for.'),
        overall: Str('Heading of the overall verdict.'),
        overallWinner: Str('The overall verdict; {winner}, {loser}, {winnerRating}, {loserRating}, {wins} and {total} are filled in.'),
        overallTie: Str('The overall verdict when the ratings are equal; {a}, {b}, {rating}, {aWins}, {bWins} are filled in.'),
        ahead: Str('Where one is ahead; {name} and {list} are filled in.'),
        readReview: Str('Link text to a review; {name} becomes the provider name.'),
        visit: Str('Button text; {name} becomes the provider name.'),
      },
      'The words of every /compare/<a>-vs-<b> page.',
    ),
    reviewLinks: Str('Heading of the comparisons listed on a review page; {name} becomes the provider name.'),
  },
  'The comparison table at /compare and the head-to-head pages.',
);

export const PairSchema = Obj(
  {
    slug: Str("<a>-vs-<b>, the two providers' slugs in their `order`; must equal the file name.", {
      pattern: '^[a-z0-9]+(-[a-z0-9]+)*-vs-[a-z0-9]+(-[a-z0-9]+)*$',
    }),
    updated: IsoDate,
    intro: Type.Optional(Paragraphs),
    verdict: Type.Optional(Paragraphs),
  },
  "An editor's own words on one head-to-head page, shown beside what the page makes from the two records.",
);
