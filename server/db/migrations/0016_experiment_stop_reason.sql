-- Issue 25: why an experiment stopped. 'owner' (the owner stopped it), 'page_changed' (a new live
-- version changed its control under it: an edit, a restore, a regenerate) or 'plan_ended' (the
-- owner's plan no longer includes experiments). Null while running and for a promotion.
ALTER TABLE "experiments" ADD COLUMN IF NOT EXISTS "stop_reason" text;
--> statement-breakpoint
ALTER TABLE "experiments" DROP CONSTRAINT IF EXISTS "experiments_stop_reason_known";
--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_stop_reason_known" CHECK ("stop_reason" IS NULL OR "stop_reason" IN ('owner', 'page_changed', 'plan_ended'));
--> statement-breakpoint
UPDATE "experiments" SET "stop_reason" = 'owner' WHERE "status" = 'stopped' AND "stop_reason" IS NULL;
--> statement-breakpoint
-- The UTC day a visitor was first counted, so a flush adds the daily counts from what it inserted
-- without joining the batch again (that join ran as a nested loop: quadratic in the batch).
ALTER TABLE "experiment_visitors" ADD COLUMN IF NOT EXISTS "day" date;
