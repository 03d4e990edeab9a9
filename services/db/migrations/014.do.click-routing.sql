-- Smart links: what decided where each click went. `variant` is the split's choice (the link it named), when a split
-- chose; `country` the visitor's country, from the CDN header named by GEO_COUNTRY_HEADER and only when that is set;
-- `device` ios, android or desktop, from the user agent. Nullable without defaults, so nothing is rewritten; clicks
-- before this migration have none. Length checks only (values come from content and fixed sets, see migration 009).
--
-- The rollup carries them too: besides every combination of provider, page and placement, each new column alone and
-- with the provider (grouped bits 8 destination, 16 variant, 32 country, 64 device). Days already rolled up are
-- marked stale, so the next refresh adds their new groupings.
BEGIN;

ALTER TABLE clicks ADD COLUMN variant text CHECK (length(variant) BETWEEN 1 AND 40);
ALTER TABLE clicks ADD COLUMN country text CHECK (length(country) = 2);
ALTER TABLE clicks ADD COLUMN device text CHECK (length(device) BETWEEN 1 AND 10);
COMMENT ON COLUMN clicks.variant IS 'The split variant (the link it names) when a split chose the destination';
COMMENT ON COLUMN clicks.country IS 'ISO 3166-1 alpha-2, from GEO_COUNTRY_HEADER when it is set';
COMMENT ON COLUMN clicks.device IS 'ios, android or desktop, from the user agent';

ALTER TABLE click_rollup DROP CONSTRAINT click_rollup_grouped_check;
ALTER TABLE click_rollup ADD CONSTRAINT click_rollup_grouped_check CHECK (grouped BETWEEN 0 AND 127);
ALTER TABLE click_rollup ADD COLUMN destination text, ADD COLUMN variant text, ADD COLUMN country text, ADD COLUMN device text;

CREATE OR REPLACE FUNCTION refresh_click_rollup(d date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7263402, d - date '2000-01-01');
  DELETE FROM click_rollup_stale WHERE day = d;
  DELETE FROM click_rollup WHERE day = d;
  INSERT INTO click_rollup (day, grouped, provider, from_path, placement, destination, variant, country, device, clicks, uniques, bot_clicks, over_budget_clicks)
  SELECT d, 127 - GROUPING(device, country, variant, destination, placement, from_path, provider),
         provider, from_path, placement, destination, variant, country, device,
         count(*) FILTER (WHERE NOT is_bot AND NOT over_budget),
         count(DISTINCT visitor_hash) FILTER (WHERE NOT is_bot AND NOT over_budget),
         count(*) FILTER (WHERE is_bot),
         count(*) FILTER (WHERE over_budget AND NOT is_bot)
  FROM clicks
  WHERE clicked_at >= d::timestamp AT TIME ZONE 'UTC' AND clicked_at < (d + 1)::timestamp AT TIME ZONE 'UTC'
  GROUP BY GROUPING SETS (
    (), (provider), (from_path), (placement), (provider, from_path), (provider, placement), (from_path, placement),
    (provider, from_path, placement),
    (destination), (provider, destination), (variant), (provider, variant),
    (country), (provider, country), (device), (provider, device))
  HAVING count(*) > 0;
END $$;
REVOKE ALL ON FUNCTION refresh_click_rollup(date) FROM PUBLIC;

INSERT INTO click_rollup_stale (day, writes) SELECT DISTINCT day, 0 FROM click_rollup ON CONFLICT (day) DO NOTHING;

-- For analysts: per day and provider, the clicks by each routing column, one row per (dimension, value). Exact like
-- click_daily: the rollup for fresh days, the raw clicks for stale ones.
CREATE VIEW click_routing_daily AS
  SELECT r.day, r.provider,
         CASE r.grouped WHEN 9 THEN 'destination' WHEN 17 THEN 'variant' WHEN 33 THEN 'country' ELSE 'device' END AS dimension,
         CASE r.grouped WHEN 9 THEN r.destination WHEN 17 THEN r.variant WHEN 33 THEN r.country ELSE r.device END AS value,
         r.clicks, r.uniques, r.bot_clicks, r.over_budget_clicks
  FROM click_rollup r
  WHERE r.grouped IN (9, 17, 33, 65) AND NOT EXISTS (SELECT 1 FROM click_rollup_stale s WHERE s.day = r.day)
  UNION ALL
  SELECT s.day, c.provider, v.dimension, v.value,
         count(*) FILTER (WHERE NOT c.is_bot AND NOT c.over_budget),
         count(DISTINCT c.visitor_hash) FILTER (WHERE NOT c.is_bot AND NOT c.over_budget),
         count(*) FILTER (WHERE c.is_bot),
         count(*) FILTER (WHERE c.over_budget AND NOT c.is_bot)
  FROM click_rollup_stale s
  JOIN clicks c ON c.clicked_at >= s.day::timestamp AT TIME ZONE 'UTC' AND c.clicked_at < (s.day + 1)::timestamp AT TIME ZONE 'UTC'
  CROSS JOIN LATERAL (VALUES ('destination', c.destination), ('variant', c.variant), ('country', c.country), ('device', c.device)) AS v(dimension, value)
  GROUP BY s.day, c.provider, v.dimension, v.value;
COMMENT ON VIEW click_routing_daily IS 'Clicks per UTC day and provider by destination, split variant, country and device (dimension, value; value null where unknown).';
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'analyst') THEN
    GRANT SELECT ON click_routing_daily TO analyst;
  END IF;
END $$;

COMMIT;
