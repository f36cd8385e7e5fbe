-- An audit entry may say in words what a write did when its route and resource do not
-- (issue 53: an erasure names how many lists and why, never the erased address).
ALTER TABLE audit_log ADD COLUMN detail text;
