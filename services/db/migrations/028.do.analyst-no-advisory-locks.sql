-- The analyst role must not hold the service back. An advisory lock taken by an analyst's session (the migrations
-- run under one, services/db/migrate.ts) kept a restarted instance from migrating for as long as the session lived,
-- so the advisory-lock functions are taken from PUBLIC, in this database, and given to the service's own role.
-- Its statements' cap (statement_timeout, set on the role in 020) is one a session may lift with SET, so the service
-- cancels analyst statements that run past it (services/http/analyst-watch.ts), which needs the right to signal
-- another role's backends. Only a superuser may do either: elsewhere an administrator runs these statements once
-- (docs/tables.md).
BEGIN;

DO $$
DECLARE
  f regprocedure;
BEGIN
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_catalog.pg_proc p
    WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname LIKE '%advisory%'
  LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', f, current_user);
    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
  END LOOP;
  BEGIN
    EXECUTE format('GRANT pg_signal_backend TO %I', current_user);
  EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation THEN
    RAISE WARNING 'could not let the service cancel the analyst''s statements (pg_signal_backend needs a superuser): see docs/tables.md';
  END;
END $$;

COMMIT;
