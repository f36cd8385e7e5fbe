-- The suppression list's size and change counter (issue 52), kept by a statement-level
-- trigger (features/suppressions/sql/suppression_counts_apply.sql), so a page of a list of
-- 1,000,000 entries needs no count(*) and its `next` links can carry a keyset position.
CREATE TABLE suppression_counts (
  only_row boolean PRIMARY KEY DEFAULT true CONSTRAINT suppression_counts_one_row CHECK (only_row),
  n bigint NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO suppression_counts (n) SELECT count(*) FROM suppressions;
--> statement-breakpoint
-- Prefix search on an address or a domain: LIKE 'prefix%' under any database collation.
CREATE INDEX suppressions_email_prefix ON suppressions (email text_pattern_ops) WHERE email IS NOT NULL;
--> statement-breakpoint
CREATE INDEX suppressions_domain_prefix ON suppressions (domain text_pattern_ops) WHERE domain IS NOT NULL;
