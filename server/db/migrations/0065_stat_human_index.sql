-- Issue 51: the earliest human record of a key (delivery, email[, url]) is looked up by the
-- hit recorder, the `first` triggers (first_human), the mailing counts' triggers
-- (human_opened / human_clicked) and the burst pass. Through the key's index that lookup
-- walks every machine record of the key before the first person's: a scanner or Apple's
-- proxy piling thousands of hits on one key (TRACKING=counts keys every hit of a delivery on
-- one) made each batch cost as much as all the hits before it. These partial indexes hold
-- human records only, so the lookup is one index probe however many machine records there
-- are; `id` settles records of the same instant (a batch shares its datetime).
CREATE INDEX "stat_opens_human" ON "stat_opens" ("delivery_id", "email", "datetime", "id") WHERE "class" = 'human';--> statement-breakpoint
CREATE INDEX "stat_clicks_human" ON "stat_clicks" ("delivery_id", "email", "url", "datetime", "id") WHERE "class" = 'human';
