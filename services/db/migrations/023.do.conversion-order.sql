-- The order of a network's reports of one transaction: its own timestamp (`ts`) or sequence number (`seq`), when it
-- sends one. A reversal is final against any report that is not newer by one of them, so a replayed approval never
-- undoes it; a report older than the stored one never replaces it.
BEGIN;

ALTER TABLE conversions
  ADD COLUMN network_at timestamptz,
  ADD COLUMN network_seq bigint;

COMMIT;
