-- Search at a million subscribers (issues 14 and 15).
-- The accent-folded, lower-cased text that `search` matches is kept in the row. The trigram
-- index finds candidates; every candidate is then checked against the text itself. Computed
-- per candidate (unaccent is a dictionary lookup per character), that check cost a search for a
-- common surname (90,000 of 1,000,000 rows) about 300 ms of its count; read from the row,
-- about 60 ms. Inserts compute the fold once, as the expression index did before.
-- The old index goes first, so the table rewrite below does not rebuild it.
DROP INDEX "subscribers_search_trgm";
--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (mailboard_fold("email" || ' ' || "first_name" || ' ' || "last_name")) STORED;
--> statement-breakpoint
CREATE INDEX "subscribers_search_trgm" ON "subscribers" USING gin ("search_text" gin_trgm_ops);
