-- A read-only role for analysts that can read the two views and nothing else (README "Click analytics").
-- It cannot log in until an administrator gives it a password: ALTER ROLE analyst WITH LOGIN PASSWORD '…'.
-- Roles belong to the whole server, so it is created only when missing (several databases may migrate).
BEGIN;

DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'analyst') THEN
    CREATE ROLE analyst NOLOGIN;
  END IF;
END $$;

-- Views run with their owner's rights, so SELECT on them does not need SELECT on clicks.
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM analyst;
GRANT SELECT ON click_daily, click_totals TO analyst;
-- PostgreSQL before 15 lets every role create tables in public; nobody here relies on that.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
-- A second guard: the analyst's sessions start read-only.
ALTER ROLE analyst SET default_transaction_read_only = on;

COMMIT;
