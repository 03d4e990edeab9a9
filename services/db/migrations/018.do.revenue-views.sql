-- For analysts (the analyst role reads views, never the raw rows): page views per day and page, and conversions
-- per day of their click with the click's provider, page and placement, by currency. Reversed conversions are left
-- out; those naming no known click appear with null click columns, on the day they were first reported.
BEGIN;

CREATE VIEW page_view_daily AS
  SELECT (viewed_at AT TIME ZONE 'UTC')::date AS day, path, count(*)::bigint AS views, count(DISTINCT visitor_hash)::bigint AS visitors
  FROM page_views
  GROUP BY 1, 2;

CREATE VIEW conversion_daily AS
  SELECT coalesce((c.clicked_at AT TIME ZONE 'UTC')::date, (x.first_seen_at AT TIME ZONE 'UTC')::date) AS day,
         c.provider, c.from_path, c.placement, c.destination, c.variant, x.network, x.currency,
         count(*)::bigint AS conversions, sum(x.amount) AS revenue, bool_and(c.id IS NOT NULL) AS matched
  FROM conversions x LEFT JOIN clicks c ON c.id = x.click_id
  WHERE x.status <> 'reversed'
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;

COMMENT ON VIEW page_view_daily IS 'Page views by people per UTC day and page, and distinct visitors (daily hash) among them.';
COMMENT ON VIEW conversion_daily IS 'Conversions not reversed, per day of their click and its provider, page, placement, destination and variant, by network and currency; matched is false for those naming no known click.';

DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'analyst') THEN
    GRANT SELECT ON page_view_daily, conversion_daily TO analyst;
  END IF;
END $$;

COMMIT;
