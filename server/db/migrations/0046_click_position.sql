-- Issue 51's click map: which of a message's HTML links to the same URL was clicked (1: the
-- first). Clicks recorded before, and clicks of messages sent before, carry no position: the
-- default attributes them to the first link (docs/decisions/human-machine.md). A constant
-- default: adding the column rewrites nothing.
ALTER TABLE "stat_clicks" ADD COLUMN "position" smallint NOT NULL DEFAULT 1;
