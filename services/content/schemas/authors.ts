/** data/authors.yaml: the people who write the reviews and articles, named in each page's byline. */
import { List, Obj, Str } from './common.ts';

export const AuthorsSchema = Obj(
  {
    byline: Str('The byline before the author\'s name, e.g. "By".'),
    about: Str("Heading of the author box at the end of a review or article; {name} becomes the author's name."),
    authors: List(
      Obj(
        {
          id: Str('How reviews and articles name this author (their `author:`), e.g. maria-lopez.', {
            pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
          }),
          name: Str('Full name, as shown in the byline.'),
          role: Str('Role at the site, e.g. "Senior Security Editor".'),
          bio: Str('Two or three sentences: what the author has done and tests.'),
        },
        'One author.',
      ),
      'The authors.',
    ),
  },
  'Who writes the reviews and articles.',
);
