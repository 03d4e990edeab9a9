import { Figure } from './figure';
import { Logo, type LogoData } from './logo';
import { StarRating } from './star-rating';

/**
 * The top of a provider's card: its logo, its name as the card's heading, and its stars under the name, the rating
 * marked as the record's figure. Every card that names a provider opens this way, so they read alike in a grid.
 */
export function CardHeading({
  slug,
  name,
  logo,
  rating,
  rule,
  size,
  level: H = 'h3',
}: {
  slug: string;
  name: string;
  logo?: LogoData;
  rating?: number;
  rule: 'at-most' | 'floor';
  size: number;
  level?: 'h2' | 'h3';
}) {
  return (
    <div className="flex items-center gap-3">
      {logo && <Logo {...logo} size={size} />}
      <div>
        <H className="text-lg font-bold">{name}</H>
        {rating !== undefined && (
          <Figure of={`${slug}/rating`}>
            <StarRating rating={rating} rule={rule} />
          </Figure>
        )}
      </div>
    </div>
  );
}
