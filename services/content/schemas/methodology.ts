/** data/methodology.yaml: how providers are tested and scored; the /how-we-test page and every scorecard read it. */
import { Type } from '@sinclair/typebox';
import { DateField, IsoDate, List, Meta, Obj, Paragraphs, Str } from './common.ts';

/** A criterion's id: the key a provider's `scores:` gives its score under. */
export const CRITERION_ID = '^[a-z][a-z0-9-]{0,39}$';

const Criterion = Obj(
  {
    id: Str("The key of this criterion in each provider's `scores:`, e.g. security.", { pattern: CRITERION_ID }),
    name: Str('Shown as the label of its bar and its row, e.g. "Ease of use".'),
    weight: Type.Integer({ minimum: 1, maximum: 100, description: 'Its share of the overall rating, in percent; the weights sum to 100.' }),
    description: Str('One line on what is tested for it.'),
  },
  'One criterion of the scorecard.',
);

export const MethodologySchema = Obj(
  {
    meta: Meta,
    updated: IsoDate,
    updatedLabel: Str('The visible update line, e.g. "Updated January 2025".'),
    title: Str('The /how-we-test page <h1>.'),
    version: Type.Optional(
      Str(
        'The current version of the method, e.g. "1.1": each test run names the version it followed, and /how-we-test shows it. Raise it whenever the way tests are run changes, and say how under `changes:`.',
        { pattern: '^\\d+(\\.\\d+)*$' },
      ),
    ),
    changes: Type.Optional(
      List(
        Obj(
          {
            version: Str('The version this change made, e.g. "1.1".', { pattern: '^\\d+(\\.\\d+)*$' }),
            date: DateField('The day the changed method took effect.'),
            text: Str('What changed in how we test, in a sentence a reader can follow.'),
          },
          'One dated change to the method.',
        ),
        'Every version of the method, newest first, as /how-we-test lists them; the first one made is the version the oldest runs name.',
      ),
    ),
    retestEveryDays: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'How often every provider we recommend is tested again, in days: a review whose latest run is older says so, and `vpnsite validate` warns. {{method.retest}} in text ("once a year" for 365, else "every N days").',
      }),
    ),
    intro: Paragraphs,
    criteria: List(
      Criterion,
      'The criteria, in the order the scorecards show them. Each provider scores 0-10 on each it was tested for; the overall rating out of 5 is their weighted average halved, to one decimal.',
    ),
    testLine: Type.Optional(
      Obj(
        {
          mbps: Type.Integer({
            minimum: 1,
            description:
              'The speed of the line every speed test runs on, in Mbps: each test run under the current version must name it as its line. {{method.line}} in text ("100 Mbps").',
          }),
          city: Str('Where the line is: {{method.city}} in text.'),
          runs: Type.Integer({ minimum: 1, description: 'Tests per server, the median of which is reported: {{method.runs}} in text.' }),
          days: Type.Integer({ minimum: 1, description: 'Over how many days the runs are spread: {{method.days}} in text.' }),
        },
        "The one record of the speed-test conditions: every page that states them reads them from here, with {{method.line}}, {{method.city}}, {{method.runs}} and {{method.days}}; {{method.locations}} counts the locations in the reviews' speed tables and {{method.tolerance}} is speedTolerance.",
      ),
    ),
    speedTolerance: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 50,
        description:
          'How many points of the test line (in percent, by median download) two providers may be apart before the one that kept more must not score lower on speed; shown on this page. 3 when left out.',
      }),
    ),
    scoring: Obj(
      { title: Str('Heading of the section on how the rating is worked out.'), text: Paragraphs },
      'How scores make the rating.',
    ),
    conditions: Obj(
      {
        title: Str('Heading of the test conditions.'),
        items: List(
          Obj({ value: Str('The figure, e.g. "1 Gbps".'), label: Str('What it is, e.g. "Base fibre connection".') }, 'One test condition.'),
          'The test conditions.',
        ),
        note: Paragraphs,
      },
      'The conditions every speed score is measured under.',
    ),
    commissions: Obj(
      { title: Str('Heading of the section on commissions.'), text: Paragraphs },
      'How commissions do and do not affect ratings.',
    ),
    providers: Obj(
      {
        title: Str('Heading of the table of providers, their owners and whether the site earns from them.'),
        name: Str('Provider column.'),
        owner: Str('Owner column.'),
        rating: Str('Rating column.'),
        commission: Str('Commission column.'),
        yes: Str('Shown when the site earns a commission from the provider.'),
        no: Str('Shown when it does not.'),
      },
      'The table of every listed provider.',
    ),
    labels: Obj(
      {
        criteria: Str('Heading of the table of criteria on /how-we-test.'),
        criterion: Str('Criterion column.'),
        weight: Str('Weight column.'),
        tested: Str('"What we test" column.'),
        scorecard: Str('Heading of the scorecard on a review page, e.g. "Our Scores".'),
        untested: Str('Shown for a criterion a provider was not tested for, e.g. "Not tested".'),
        overall: Str('The overall line of a scorecard; {rating} becomes the rating, e.g. "Overall: {rating} / 5".'),
        method: Str('The link to this page from each scorecard, e.g. "How we test and score".'),
        version: Type.Optional(
          Str('The line naming the current method on this page; {version} becomes `version`, e.g. "Method version {version}".'),
        ),
        changes: Type.Optional(Str('Heading of the dated list of changes to the method, e.g. "How the method has changed".')),
      },
      'Labels of the tables and scorecards.',
    ),
  },
  'How VPNs are tested and scored: the criteria and their weights, the test conditions, and commissions.',
);
