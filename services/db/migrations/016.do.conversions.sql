-- Conversions: what affiliate networks report back (a postback to POST /api/conversions, or their CSV report through
-- `vpnsite conversions import`), joined to clicks by the click id the sub-ID carried. One row per (network, txid):
-- a later report of the same transaction replaces the earlier one, so a pending sale that is approved, or reversed,
-- is one row with its latest status, and a replayed postback changes nothing. A click id that matches no click is
-- kept (click_ref as sent) and reported as unmatched, never dropped. Amounts are exact decimals in their currency.
BEGIN;

CREATE TABLE conversions (
  id         bigserial PRIMARY KEY,
  network    text NOT NULL CHECK (length(network) BETWEEN 1 AND 40),
  txid       text NOT NULL CHECK (length(txid) BETWEEN 1 AND 200),
  -- The click id as the network sent it, and as a number when it is one (the join to clicks.id).
  click_ref  text CHECK (length(click_ref) <= 200),
  click_id   bigint,
  amount     numeric(16, 4) NOT NULL,
  currency   text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status     text NOT NULL CHECK (status IN ('approved', 'pending', 'reversed')),
  source     text NOT NULL CHECK (source IN ('postback', 'import')),
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (network, txid)
);
CREATE INDEX conversions_click_id_idx ON conversions (click_id);

COMMIT;
