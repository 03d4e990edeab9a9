-- Link health: each run of the link check (`vpnsite serve` every LINK_CHECK_INTERVAL_HOURS, or
-- `vpnsite links check --save`) adds one row per outbound link. Analysts read the latest of each with
-- `vpnsite links report` or GET /api/links; the history says since when a link has been broken. Rows older than
-- 90 days are deleted by the next run. No personal data: the analyst role may read it.
BEGIN;

CREATE TABLE link_checks (
  id         bigserial PRIMARY KEY,
  checked_at timestamptz NOT NULL DEFAULT now(),
  provider   text NOT NULL,
  link       text NOT NULL,
  url        text NOT NULL,
  final_url  text,
  -- The final HTTP status; null after a network error or a timeout.
  status     integer,
  ok         boolean NOT NULL,
  problems   text[] NOT NULL DEFAULT '{}',
  hops       jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX link_checks_latest_idx ON link_checks (provider, link, checked_at DESC);

DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'analyst') THEN
    GRANT SELECT ON link_checks TO analyst;
  END IF;
END $$;

COMMIT;
