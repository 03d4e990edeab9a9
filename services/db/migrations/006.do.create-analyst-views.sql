-- Stable views for people who use SQL (README "Click analytics"). Like the reports, they read the
-- rollup for fresh days and the raw clicks for stale ones, so they always match the raw rows.
-- Clicks and uniques count humans; a unique is a distinct visitor_hash on one UTC day (the hash's salt
-- changes daily), so uniques over several days are the sum of the daily uniques.
BEGIN;

CREATE VIEW click_daily AS
  SELECT r.day, r.provider, r.from_path, r.placement, r.clicks, r.uniques, r.bot_clicks
  FROM click_rollup r
  WHERE r.grouped = 7 AND NOT EXISTS (SELECT 1 FROM click_rollup_stale s WHERE s.day = r.day)
  UNION ALL
  SELECT s.day, c.provider, c.from_path, c.placement,
         count(*) FILTER (WHERE NOT c.is_bot),
         count(DISTINCT c.visitor_hash) FILTER (WHERE NOT c.is_bot),
         count(*) FILTER (WHERE c.is_bot)
  FROM click_rollup_stale s
  JOIN clicks c ON c.clicked_at >= s.day::timestamp AT TIME ZONE 'UTC' AND c.clicked_at < (s.day + 1)::timestamp AT TIME ZONE 'UTC'
  GROUP BY s.day, c.provider, c.from_path, c.placement;

CREATE VIEW click_totals AS
  SELECT provider, sum(clicks)::bigint AS clicks, sum(uniques)::bigint AS uniques
  FROM (
    SELECT r.provider, r.clicks, r.uniques
    FROM click_rollup r
    WHERE r.grouped = 1 AND NOT EXISTS (SELECT 1 FROM click_rollup_stale s WHERE s.day = r.day)
    UNION ALL
    SELECT c.provider, count(*) FILTER (WHERE NOT c.is_bot), count(DISTINCT c.visitor_hash) FILTER (WHERE NOT c.is_bot)
    FROM click_rollup_stale s
    JOIN clicks c ON c.clicked_at >= s.day::timestamp AT TIME ZONE 'UTC' AND c.clicked_at < (s.day + 1)::timestamp AT TIME ZONE 'UTC'
    GROUP BY s.day, c.provider
  ) per_day
  GROUP BY provider;

COMMENT ON VIEW click_daily IS 'Human clicks, unique visitors (distinct per UTC day) and bot clicks per day, provider, page and placement.';
COMMENT ON VIEW click_totals IS 'Human clicks and unique visitors per provider over all time; uniques are the sum of daily uniques.';

COMMIT;
