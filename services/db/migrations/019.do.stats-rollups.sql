-- Fast revenue reports (measured by `npm run bench:report`):
-- * A conversion carries its click's day and columns, copied when it is recorded (conversions arrive long after
--   their click and are few), so reports group conversions without joining them to the clicks.
-- * Page views get a daily rollup per path, kept exact like the clicks' (migration 005): each insert marks its day
--   stale, the service recomputes stale days on its schedule, and reports read stale days from the raw rows.
BEGIN;

ALTER TABLE conversions
  ADD COLUMN click_day date,
  ADD COLUMN provider text,
  ADD COLUMN from_path text,
  ADD COLUMN placement text,
  ADD COLUMN destination text,
  ADD COLUMN variant text,
  ADD COLUMN country text,
  ADD COLUMN device text;
UPDATE conversions x
SET click_day = (c.clicked_at AT TIME ZONE 'UTC')::date, provider = c.provider, from_path = c.from_path, placement = c.placement,
    destination = c.destination, variant = c.variant, country = c.country, device = c.device
FROM clicks c WHERE c.id = x.click_id;
CREATE INDEX conversions_click_day_idx ON conversions (click_day);
CREATE INDEX conversions_unmatched_idx ON conversions (first_seen_at) WHERE click_day IS NULL;

CREATE TABLE page_view_rollup (
  day   date NOT NULL,
  path  text NOT NULL,
  views bigint NOT NULL,
  PRIMARY KEY (day, path)
);
CREATE TABLE page_view_rollup_stale (day date PRIMARY KEY);

CREATE FUNCTION page_view_rollup_mark_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_view_rollup_stale (day)
  SELECT DISTINCT (viewed_at AT TIME ZONE 'UTC')::date FROM new_views ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET day = excluded.day;
  RETURN NULL;
END $$;
CREATE TRIGGER page_views_mark_rollup_stale AFTER INSERT ON page_views
  REFERENCING NEW TABLE AS new_views FOR EACH STATEMENT EXECUTE FUNCTION page_view_rollup_mark_stale();

CREATE FUNCTION refresh_page_view_rollup(d date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7263403, d - date '2000-01-01');
  DELETE FROM page_view_rollup_stale WHERE day = d;
  DELETE FROM page_view_rollup WHERE day = d;
  INSERT INTO page_view_rollup (day, path, views)
  SELECT d, path, count(*) FROM page_views
  WHERE viewed_at >= d::timestamp AT TIME ZONE 'UTC' AND viewed_at < (d + 1)::timestamp AT TIME ZONE 'UTC'
  GROUP BY path;
END $$;
REVOKE ALL ON FUNCTION refresh_page_view_rollup(date) FROM PUBLIC;
REVOKE ALL ON FUNCTION page_view_rollup_mark_stale() FROM PUBLIC;

INSERT INTO page_view_rollup_stale (day) SELECT DISTINCT (viewed_at AT TIME ZONE 'UTC')::date FROM page_views ON CONFLICT DO NOTHING;

COMMIT;
