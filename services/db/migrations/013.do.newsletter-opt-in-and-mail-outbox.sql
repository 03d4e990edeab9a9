-- Double opt-in for the newsletter, and one outbox for every mail the service sends.
--
-- A subscriber is pending until the link in the confirmation mail is followed, then confirmed, and unsubscribed once
-- it asks to be: that row is kept, so an export never includes the address again. Addresses on the list before
-- this migration never confirmed, so they start pending; they are sent no mail until they sign up again.
--
-- A sign-up is first stored as it arrived (newsletter_signups) and worked in the background: the form's answer then
-- costs the same whether the address is new, pending, confirmed or unsubscribed, and tells nobody which.
--
-- Mail is written to mail_outbox in the transaction that causes it, and sent from there with retries, so an SMTP
-- outage delays mail but never loses it and never fails a form.
BEGIN;

ALTER TABLE newsletter_subscribers
  ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  ADD COLUMN consent_source text CHECK (length(consent_source) <= 300),
  ADD COLUMN confirmed_at timestamptz,
  ADD COLUMN unsubscribed_at timestamptz,
  -- Ties a confirmation link to this sign-up: a link sent before an unsubscribe cannot confirm a later one.
  ADD COLUMN confirm_nonce text,
  -- At most one confirmation mail an hour per address, so the form cannot be used to flood an inbox.
  ADD COLUMN confirm_sent_at timestamptz;
COMMENT ON COLUMN newsletter_subscribers.subscribed_at IS 'When the address last signed up: the time of its consent';
COMMENT ON COLUMN newsletter_subscribers.consent_source IS 'Where the consent was given, e.g. "newsletter form on /deals"';

CREATE TABLE newsletter_signups (
  id          bigserial PRIMARY KEY,
  email       text NOT NULL CHECK (length(email) BETWEEN 1 AND 254 AND email LIKE '%@%'),
  source      text NOT NULL CHECK (length(source) <= 300),
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mail_outbox (
  id              bigserial PRIMARY KEY,
  kind            text NOT NULL CHECK (kind IN ('newsletter-confirm', 'contact-notify')),
  -- The row the mail is about (a subscriber, a contact message): the mail is written from it when it is sent.
  ref_id          bigint NOT NULL,
  recipient       text NOT NULL CHECK (length(recipient) <= 254),
  reply_to        text CHECK (length(reply_to) <= 254),
  state           text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'failed', 'skipped')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  attempts        integer NOT NULL DEFAULT 0,
  -- While a sender holds a row this is pushed ahead, so a sender that dies mid-send leaves it to be tried again.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz,
  last_error      text,
  message_id      text
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE state = 'queued';

COMMIT;
