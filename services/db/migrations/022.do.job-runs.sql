-- Work that several instances of the service would each start on a timer (the rollup refresh, the link check) runs
-- once per interval across all of them: a run first claims its job here, and only the instance whose UPDATE found
-- the job due goes on (the row's lock makes the others wait for that answer, then find it not due).
BEGIN;

CREATE TABLE job_runs (
  job        text PRIMARY KEY CHECK (length(job) <= 40),
  started_at timestamptz NOT NULL
);
COMMENT ON TABLE job_runs IS 'When each scheduled job of the service last started, on any instance';

COMMIT;
