-- The brake (issue 52): which rate paused a delivery by itself, beside its pause_reason
-- ('' = none, or a server fault); cleared when a person acts on the delivery.
ALTER TABLE deliveries ADD COLUMN pause_rate text NOT NULL DEFAULT ''
  CONSTRAINT deliveries_pause_rate CHECK (pause_rate IN ('', 'complaints', 'hard_bounces'));
