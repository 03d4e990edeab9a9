/** A year of synthetic traffic for the report benchmarks (npm run bench:report), made by PostgreSQL itself. */

// Clicks spread evenly over the year in time order (as the writer appends them); a skewed provider/page mix;
// about one click in eight from a bot; visitors drawn from 20,000 per day, so a visitor clicks several times.
export const GENERATE = `
  INSERT INTO clicks (clicked_at, provider, from_path, placement, is_bot, visitor_hash)
  SELECT $1::date::timestamp AT TIME ZONE 'UTC' + (g * (365 * 86400.0 / $2)) * interval '1 second',
         (ARRAY['nordvpn','surfshark','tunnelbear','cyberghost','private-internet-access','protonvpn','ipvanish','atlas-vpn'])[1 + (g * 7 + g / 13) % 8],
         '/page-' || ((g * 31 + g / 7) % 40),
         'slot-' || ((g * 17 + g / 11) % 10),
         g % 8 = 0,
         md5((g / ($2 / 365)) || ':' || (g * 2654435761) % 20000) || md5((g * 2654435761) % 20000 || '')
  FROM generate_series(0, $2 - 1) AS g`;

// Page views over the same year in time order, $2 of them: a skewed mix of 40 pages, visitors from 20,000 a day.
export const GENERATE_VIEWS = `
  INSERT INTO page_views (viewed_at, path, visitor_hash)
  SELECT $1::date::timestamp AT TIME ZONE 'UTC' + (g * (365 * 86400.0 / $2)) * interval '1 second',
         '/page-' || ((g * 29 + g / 5) % 40),
         lpad(to_hex((g / ($2 / 365)) * 20000 + (g * 2654435761) % 20000), 64, '0')
  FROM generate_series(0, $2 - 1) AS g`;

// One conversion for every $1-th human click, a fifth of them in EUR and one in twenty reversed, with the click's
// columns copied as the service copies them.
export const GENERATE_CONVERSIONS = `
  INSERT INTO conversions (network, txid, click_ref, click_id, amount, currency, status, source,
                           click_day, provider, from_path, placement, destination, variant, country, device)
  SELECT 'impact', 'T' || id, id::text, id, (id % 9000) / 100.0, CASE WHEN id % 5 = 0 THEN 'EUR' ELSE 'USD' END,
         CASE WHEN id % 20 = 0 THEN 'reversed' ELSE 'approved' END, 'import',
         (clicked_at AT TIME ZONE 'UTC')::date, provider, from_path, placement, destination, variant, country, device
  FROM clicks WHERE id % $1 = 0 AND NOT is_bot`;
