-- The analyst role's read-only default is a setting it may switch off (SET default_transaction_read_only = off), so
-- what keeps it from writing is that it has no right to: no table, sequence or function that writes, no temporary
-- tables (every role may make them, through PUBLIC, unless revoked), no large objects. Its statements stop after
-- statement_timeout and its temporary files are capped, so one heavy query cannot take the server's disk or time.
BEGIN;

DO $$
DECLARE
  db text := current_database();
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'analyst') THEN
    RETURN;
  END IF;
  -- Temporary tables and functions in pg_temp: only for the roles named here, the service's own among them.
  EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', db);
  EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM analyst', db);
  EXECUTE format('GRANT TEMPORARY ON DATABASE %I TO %I', db, current_user);
  REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM analyst;
  ALTER ROLE analyst SET statement_timeout = '60s';
  ALTER ROLE analyst SET idle_in_transaction_session_timeout = '5min';
  -- Only a superuser may set these two: on a server where the service's role is not one, an administrator runs the
  -- statements in docs/tables.md once instead.
  BEGIN
    ALTER ROLE analyst SET temp_file_limit = '1GB';
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'could not cap the analyst role''s temporary files (temp_file_limit needs a superuser): see docs/tables.md';
  END;
  BEGIN
    REVOKE EXECUTE ON FUNCTION pg_catalog.lo_create(oid), pg_catalog.lo_creat(integer), pg_catalog.lo_from_bytea(oid, bytea), pg_catalog.lo_import(text), pg_catalog.lo_import(text, oid) FROM PUBLIC;
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'could not take large objects from PUBLIC (that needs a superuser): see docs/tables.md';
  END;
END $$;

COMMIT;
