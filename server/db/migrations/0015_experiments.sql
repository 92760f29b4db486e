-- Issue 25: experiments between two versions of one page, and per-page visitors and buy clicks.
-- Nothing personal is stored: a visitor is a random id from a first-party cookie; counts are per
-- variant and UTC day. experiment_visitors (one row per visitor and experiment, to count each
-- visitor and each conversion once) is kept only while the experiment runs: stopping or promoting
-- it deletes its rows (server/modules/experiments/service.ts); the daily counts stay.
CREATE TABLE IF NOT EXISTS "experiments" (
  "id" serial PRIMARY KEY NOT NULL,
  "task_id" integer NOT NULL REFERENCES "tasks"("id") ON DELETE cascade,
  "status" text DEFAULT 'running' NOT NULL,
  "control_version" integer NOT NULL,
  "challenger_version" integer NOT NULL,
  -- The challenger's share of new visitors, in percent.
  "split" integer DEFAULT 50 NOT NULL,
  "started_at" timestamp with time zone NOT NULL,
  "stopped_at" timestamp with time zone,
  -- When an owner first saw a decision other than collecting.
  "decision" text,
  "decided_at" timestamp with time zone,
  "promoted_at" timestamp with time zone,
  CONSTRAINT "experiments_status_known" CHECK ("status" IN ('running', 'stopped', 'promoted')),
  CONSTRAINT "experiments_split_range" CHECK ("split" BETWEEN 1 AND 99),
  CONSTRAINT "experiments_versions_differ" CHECK ("control_version" <> "challenger_version")
);
--> statement-breakpoint
-- One running experiment per page: a concurrent second start fails on this index (409).
CREATE UNIQUE INDEX IF NOT EXISTS "experiments_one_running" ON "experiments" USING btree ("task_id") WHERE "status" = 'running';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "experiments_task_idx" ON "experiments" USING btree ("task_id", "id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "experiment_daily" (
  "experiment_id" integer NOT NULL REFERENCES "experiments"("id") ON DELETE cascade,
  "variant" text NOT NULL,
  "day" date NOT NULL,
  "visitors" integer DEFAULT 0 NOT NULL,
  "conversions" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "experiment_daily_pk" PRIMARY KEY("experiment_id", "variant", "day"),
  CONSTRAINT "experiment_daily_variant_known" CHECK ("variant" IN ('control', 'challenger')),
  CONSTRAINT "experiment_daily_counts_positive" CHECK ("visitors" >= 0 AND "conversions" >= 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "experiment_visitors" (
  "experiment_id" integer NOT NULL REFERENCES "experiments"("id") ON DELETE cascade,
  -- The cookie's random id (not derived from anything about the person).
  "visitor_id" text NOT NULL,
  "variant" text NOT NULL,
  "converted" boolean DEFAULT false NOT NULL,
  CONSTRAINT "experiment_visitors_pk" PRIMARY KEY("experiment_id", "visitor_id"),
  CONSTRAINT "experiment_visitors_variant_known" CHECK ("variant" IN ('control', 'challenger'))
);
--> statement-breakpoint
-- Unique visitors (first view per browser and day, see server/http/experiment-front.ts) and buy clicks (/go).
ALTER TABLE "page_views_daily" ADD COLUMN IF NOT EXISTS "visitors" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "page_views_daily" ADD COLUMN IF NOT EXISTS "buy_clicks" integer DEFAULT 0 NOT NULL;
