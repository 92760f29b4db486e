-- Issue 25: "Regenerate as a variant" saves a version that is not live (a challenger to test), so
-- the live version is no longer always the newest. last_version is the newest version number a page
-- has had, live or not: every new version takes last_version + 1.
ALTER TABLE "tasks" ADD COLUMN IF NOT EXISTS "last_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "tasks" SET "last_version" = "page_version" WHERE "last_version" < "page_version";
