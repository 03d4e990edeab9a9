/** data/reviews.yaml: the /vpn-reviews listing page: one card per reviewed provider. */
import { Type } from '@sinclair/typebox';
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
        bestFor: Str('Label before the best-for tag, e.g. "Best for".'),
        perMonth: Str('Suffix after the monthly price, e.g. "/mo".'),
      },
      'The grid of provider cards.',
    ),
    howWeReview: Obj(
      {
        title: Str('"How We Review VPNs".'),
        intro: Paragraphs,
        items: List(IconText, 'Performance testing, security analysis, real-world usage.'),
        method: Type.Optional(Str('Text of the link to the full method at /how-we-test, shown when data/methodology.yaml exists.')),
      },
      'How we review.',
    ),
    whyTrust: Obj({ title: Str('"Why Trust Our Reviews".'), text: Paragraphs }, 'Why trust our reviews.'),
    reviewPage: Obj(
      {
        back: Str('Link text back to this listing from a review page.'),
        stats: Obj(
          {
            servers: Str('Servers label.'),
            countries: Str('Countries label.'),
            devices: Str('Devices label.'),
            support: Str('Support label.'),
            owner: Str('Owner label, e.g. "Owned by".'),
          },
          'Labels of the stats row; the figures come from the provider file.',
        ),
        overview: Str('Overview heading.'),
        features: Str('Key features heading.'),
        security: Str('Security features subheading.'),
        streaming: Str('Streaming features subheading.'),
        speed: Str('Speed-test heading.'),
        priceHistory: Type.Optional(
          Obj(
            {
              title: Str('Heading of the price history, e.g. "Price history".'),
              date: Str('Date column of its table, read by screen readers.'),
              price: Str('Price column, e.g. "Price a month".'),
              regularPrice: Str('Regular price column.'),
              renewal: Str('Renewal column.'),
              none: Str('What an empty cell says, e.g. "Not stated".'),
            },
            "Words of the review's price history: a chart per plan, with a table for screen readers. Default English words.",
          ),
        ),
        baseline: Str('Baseline line; {mbps} becomes the baseline speed.'),
        median: Type.Optional(
          Str(
            'The line under each speed table; {download} becomes the median download and {loss} the share of the line lost, both worked out from the table, e.g. "Median download: {download} ({loss} of the line lost)".',
          ),
        ),
        columns: Obj(
          {
            location: Str('Location column.'),
            download: Str('Download column.'),
            upload: Str('Upload column.'),
            ping: Str('Ping column.'),
          },
          'Speed-table column headings, with units.',
        ),
        evidence: Obj(
          {
            updated: Str(
              'The review\'s update line; {date} becomes the month and year of its newest change-log entry, e.g. "Updated {date}".',
            ),
            testedOn: Str(
              'The line over each review\'s results; {date} becomes the day of its latest test run and {version} the method version it followed, e.g. "Tested on {date} under method {version}".',
            ),
            protocol: Str('Added to that line when the run names its protocol; {protocol} becomes it, e.g. "over {protocol}".'),
            stale: Str(
              'Shown when the latest run is older than methodology.yaml retestEveryDays; {days} becomes its age in days and {retest} the policy, e.g. "These results are {days} days old: we retest {retest}, so this review is due for a new test."',
            ),
            olderMethod: Str(
              'Shown when the latest run followed an older method than the current one; {version} and {current} become the two versions.',
            ),
            method: Str('Link text to the dated changes of the method on /how-we-test, e.g. "How the method has changed".'),
            raw: Str('Summary of the list of every individual test behind the table, e.g. "Every test run behind this table".'),
            result: Str('Link text to a test\'s own result page at the speed-test service, e.g. "result".'),
            changes: Str('Heading of the review\'s dated change log, e.g. "What changed".'),
            kinds: Obj(
              {
                run: Str('Tag of an entry from a test run, e.g. "Test".'),
                correction: Str('Tag of a correction to a published run, e.g. "Correction".'),
                note: Str('Tag of an editor\'s note, e.g. "Note".'),
              },
              'The tag shown before each change-log entry, by where it comes from.',
            ),
          },
          'The labels of the results block (test date, notices, every run) and of the "What changed" list.',
        ),
        pros: Str('Pros heading.'),
        cons: Str('Cons heading.'),
        discontinued: Obj(
          {
            title: Str(
              'Heading of the notice at the top of a discontinued provider\'s review; {name} becomes its name, e.g. "{name} has shut down".',
            ),
            text: Str("The notice's text; {name}, {date} (the day it shut down) and {reason} (its `discontinued.reason`) are filled in."),
            link: Str('Link text to the reviews of the services we rate today, e.g. "See the VPNs we rate today".'),
            rating: Str(
              'Where a current review shows its stars: the rating as it stood, labelled; {rating} becomes it, e.g. "Rating when last reviewed: {rating}/5".',
            ),
          },
          'The notice on the review of a provider with `status: discontinued`, which has no buttons.',
        ),
      },
      'Headings and labels shared by every review page at /vpn-reviews/<slug>.',
    ),
  },
  'The reviews listing page.',
);
