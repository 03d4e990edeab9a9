-- Page views past a visitor's per-minute budget (PAGE_VIEW_BUDGET_PER_MINUTE) are stored flagged, as clicks are,
-- and never counted: the analysts' view, the daily rollup and the reports leave them out.
BEGIN;

ALTER TABLE page_views ADD COLUMN over_budget boolean NOT NULL DEFAULT false;

CREATE OR REPLACE VIEW page_view_daily AS
  SELECT (viewed_at AT TIME ZONE 'UTC')::date AS day, path, count(*)::bigint AS views, count(DISTINCT visitor_hash)::bigint AS visitors
  FROM page_views
  WHERE NOT over_budget
  GROUP BY 1, 2;

CREATE OR REPLACE FUNCTION refresh_page_view_rollup(d date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7263403, d - date '2000-01-01');
  DELETE FROM page_view_rollup_stale WHERE day = d;
  DELETE FROM page_view_rollup WHERE day = d;
  INSERT INTO page_view_rollup (day, path, views)
  SELECT d, path, count(*) FROM page_views
  WHERE viewed_at >= d::timestamp AT TIME ZONE 'UTC' AND viewed_at < (d + 1)::timestamp AT TIME ZONE 'UTC' AND NOT over_budget
  GROUP BY path;
END $$;

COMMIT;
