-- Automations' hours (a date_field trigger's, a wait until an hour) are wall-clock hours of
-- this IANA zone (docs/architecture.md §17); the scheduler still keeps UTC instants in its
-- indexed due-time columns. UTC keeps existing automations exactly as they were.
ALTER TABLE automations ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
