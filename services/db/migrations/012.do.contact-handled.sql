-- The owner works through contact messages: `vpnsite messages handle ID` marks one handled, and
-- `vpnsite messages --unhandled` lists the rest. A nullable column without a default rewrites nothing.
BEGIN;

ALTER TABLE contact_messages ADD COLUMN handled_at timestamptz;
-- The list the owner reads most: what is still to answer, newest first.
CREATE INDEX contact_messages_unhandled_idx ON contact_messages (received_at DESC) WHERE handled_at IS NULL;

COMMENT ON COLUMN contact_messages.handled_at IS 'When the owner marked the message handled (vpnsite messages handle); null while it waits';

COMMIT;
