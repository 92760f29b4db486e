CREATE TABLE "page_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"page" jsonb NOT NULL,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "page_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_versions_task_version_idx" ON "page_versions" USING btree ("task_id","version");--> statement-breakpoint
-- Pages made before versions: their current page becomes version 1.
UPDATE "tasks" SET "page_version" = 1 WHERE "page" IS NOT NULL;--> statement-breakpoint
INSERT INTO "page_versions" ("task_id", "version", "kind", "page", "created_at")
  SELECT "id", 1, 'generated', "page", COALESCE("completed_at", "created_at") FROM "tasks" WHERE "page" IS NOT NULL;
