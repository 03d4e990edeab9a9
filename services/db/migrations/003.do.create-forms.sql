-- The two forms: newsletter sign-ups and contact messages. Limits mirror the API's JSON schemas, so a bug there cannot store more.
BEGIN;

CREATE TABLE newsletter_subscribers (
  id            bigserial PRIMARY KEY,
  -- Stored trimmed and lower-cased by the service; the unique index makes subscribing idempotent.
  email         text NOT NULL CHECK (length(email) BETWEEN 1 AND 254 AND email LIKE '%@%'),
  subscribed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX newsletter_subscribers_email_key ON newsletter_subscribers (email);

-- Stored verbatim; anything that displays them must escape them.
CREATE TABLE contact_messages (
  id          bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email       text NOT NULL CHECK (length(email) BETWEEN 1 AND 254 AND email LIKE '%@%'),
  subject     text CHECK (length(subject) <= 200),
  message     text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000)
);
CREATE INDEX contact_messages_received_at_idx ON contact_messages (received_at);

COMMIT;
