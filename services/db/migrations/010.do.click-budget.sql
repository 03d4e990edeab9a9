-- Flood protection that never refuses a redirect: each visitor (the daily visitor hash) counts at most
-- CLICK_BUDGET_PER_MINUTE human clicks a minute. Clicks past that budget are still redirected and stored, with
-- over_budget set, and never counted as human clicks: behind a carrier NAT or an office proxy many people share an
-- address, and a refused redirect loses the sale, while an uncounted click only leaves a report short.
-- Bots are not budgeted (they are never human clicks), so over_budget implies NOT is_bot.
BEGIN;

-- A constant default: PostgreSQL 11 and later add the column without rewriting the table.
ALTER TABLE clicks ADD COLUMN over_budget boolean NOT NULL DEFAULT false;
ALTER TABLE click_rollup ADD COLUMN over_budget_clicks bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION refresh_click_rollup(d date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Two instances refreshing the same day take turns.
  PERFORM pg_advisory_xact_lock(7263402, d - date '2000-01-01');
  DELETE FROM click_rollup_stale WHERE day = d;
  DELETE FROM click_rollup WHERE day = d;
  INSERT INTO click_rollup (day, grouped, provider, from_path, placement, clicks, uniques, bot_clicks, over_budget_clicks)
  SELECT d, 7 - GROUPING(placement, from_path, provider), provider, from_path, placement,
         count(*) FILTER (WHERE NOT is_bot AND NOT over_budget),
         count(DISTINCT visitor_hash) FILTER (WHERE NOT is_bot AND NOT over_budget),
         count(*) FILTER (WHERE is_bot),
         count(*) FILTER (WHERE over_budget AND NOT is_bot)
  FROM clicks
  WHERE clicked_at >= d::timestamp AT TIME ZONE 'UTC' AND clicked_at < (d + 1)::timestamp AT TIME ZONE 'UTC'
  GROUP BY CUBE (provider, from_path, placement)
  HAVING count(*) > 0;
END $$;

-- The views keep their columns and gain over_budget_clicks at the end (CREATE OR REPLACE keeps the analyst's grant).
CREATE OR REPLACE VIEW click_daily AS
  SELECT r.day, r.provider, r.from_path, r.placement, r.clicks, r.uniques, r.bot_clicks, r.over_budget_clicks
  FROM click_rollup r
  WHERE r.grouped = 7 AND NOT EXISTS (SELECT 1 FROM click_rollup_stale s WHERE s.day = r.day)
  UNION ALL
  SELECT s.day, c.provider, c.from_path, c.placement,
         count(*) FILTER (WHERE NOT c.is_bot AND NOT c.over_budget),
         count(DISTINCT c.visitor_hash) FILTER (WHERE NOT c.is_bot AND NOT c.over_budget),
         count(*) FILTER (WHERE c.is_bot),
         count(*) FILTER (WHERE c.over_budget AND NOT c.is_bot)
  FROM click_rollup_stale s
  JOIN clicks c ON c.clicked_at >= s.day::timestamp AT TIME ZONE 'UTC' AND c.clicked_at < (s.day + 1)::timestamp AT TIME ZONE 'UTC'
  GROUP BY s.day, c.provider, c.from_path, c.placement;

CREATE OR REPLACE VIEW click_totals AS
  SELECT provider, sum(clicks)::bigint AS clicks, sum(uniques)::bigint AS uniques
  FROM (
    SELECT r.provider, r.clicks, r.uniques
    FROM click_rollup r
    WHERE r.grouped = 1 AND NOT EXISTS (SELECT 1 FROM click_rollup_stale s WHERE s.day = r.day)
    UNION ALL
    SELECT c.provider, count(*) FILTER (WHERE NOT c.is_bot AND NOT c.over_budget),
           count(DISTINCT c.visitor_hash) FILTER (WHERE NOT c.is_bot AND NOT c.over_budget)
    FROM click_rollup_stale s
    JOIN clicks c ON c.clicked_at >= s.day::timestamp AT TIME ZONE 'UTC' AND c.clicked_at < (s.day + 1)::timestamp AT TIME ZONE 'UTC'
    GROUP BY s.day, c.provider
  ) per_day
  GROUP BY provider;

COMMENT ON VIEW click_daily IS 'Human clicks, unique visitors (distinct per UTC day), bot clicks, and clicks past a visitor''s per-minute budget (not counted as human) per day, provider, page and placement.';

COMMIT;
