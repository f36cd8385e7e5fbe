-- Claims read queued recipients along "delivery_recipients_state" (delivery, state, id) and
-- expired leases are queued again by a statement of their own, so the due-time index is read
-- by nothing while every claim still wrote an entry into it.
DROP INDEX IF EXISTS "delivery_recipients_due";
