-- The scheduled price check (`vpnsite serve` every PRICE_CHECK_INTERVAL_HOURS): each run is one row of
-- price_check_runs and one row of price_checks per plan and field it read, with the last observed value in the
-- content, the value found on the provider's pricing page, and why it could not be read. `vpnsite prices report`
-- reads the latest of each. The service never writes content: an editor runs `vpnsite prices check --write`.
-- A run that found a change or could not read a price mails the owner through the outbox ('price-check', whose
-- ref_id is the run). No personal data: the analyst role may read both tables.
BEGIN;

CREATE TABLE price_check_runs (
  id         bigserial PRIMARY KEY,
  checked_at timestamptz NOT NULL DEFAULT now(),
  changed    integer NOT NULL,
  failed     integer NOT NULL
);

CREATE TABLE price_checks (
  id       bigserial PRIMARY KEY,
  run_id   bigint NOT NULL REFERENCES price_check_runs (id) ON DELETE CASCADE,
  provider text NOT NULL,
  plan     text NOT NULL,
  field    text NOT NULL CHECK (field IN ('price', 'regularPrice', 'renewalPrice')),
  previous numeric(10, 2),
  found    numeric(10, 2),
  changed  boolean NOT NULL,
  error    text
);
CREATE INDEX price_checks_run_idx ON price_checks (run_id);

ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN ('newsletter-confirm', 'contact-notify', 'price-check'));

DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'analyst') THEN
    GRANT SELECT ON price_check_runs, price_checks TO analyst;
  END IF;
END $$;

COMMIT;
