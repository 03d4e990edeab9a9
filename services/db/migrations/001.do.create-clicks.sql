-- One row per outbound click through /go/<slug> (docs/tables.md). Ids come from clicks_id_seq;
-- the service pre-allocates blocks of them so a redirect can put its id in an affiliate sub-ID without a query.
BEGIN;

CREATE TABLE clicks (
  id           bigserial PRIMARY KEY,
  clicked_at   timestamptz NOT NULL DEFAULT now(),
  provider     text NOT NULL CHECK (provider ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(provider) <= 64),
  from_path    text CHECK (from_path LIKE '/%' AND length(from_path) <= 512),
  placement    text CHECK (placement ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  is_bot       boolean NOT NULL DEFAULT false,
  -- SHA-256 hex of (daily salt, IP, user agent); never a raw IP.
  visitor_hash text CHECK (visitor_hash ~ '^[0-9a-f]{64}$'),
  user_agent   text CHECK (length(user_agent) <= 512),
  referrer     text CHECK (length(referrer) <= 1024)
);

-- Reports filter by time range and group by provider, page or placement; bots are left out by default.
CREATE INDEX clicks_clicked_at_idx ON clicks (clicked_at);
CREATE INDEX clicks_human_provider_idx ON clicks (provider, clicked_at) WHERE NOT is_bot;

COMMIT;
