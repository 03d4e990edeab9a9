-- Page views, without cookies: each prerendered page sends one beacon after it loads (and one per client-side
-- navigation) to POST /api/pv. Only views by people are stored: bots, prefetches, unknown paths and ?notrack=1 are
-- not. The visitor is the same daily-salted hash as a click's, never an IP; nothing is stored in the browser.
BEGIN;

CREATE TABLE page_views (
  id           bigserial PRIMARY KEY,
  viewed_at    timestamptz NOT NULL DEFAULT now(),
  path         text NOT NULL CHECK (length(path) BETWEEN 1 AND 300),
  referrer     text CHECK (length(referrer) <= 1024),
  visitor_hash text NOT NULL CHECK (length(visitor_hash) = 64)
);
CREATE INDEX page_views_viewed_at_brin ON page_views USING brin (viewed_at);

COMMIT;
