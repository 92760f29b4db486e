-- A form sent twice (a double click with scripts off, two tabs) made two pages and took two prices.
-- Requests that spend credits may carry an Idempotency-Key: the first claims
-- it here, in the transaction that makes the page; a repeat answers that page (server/modules/tasks/request-keys.ts).
CREATE TABLE IF NOT EXISTS "request_keys" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "key" text NOT NULL,
  "fingerprint" text NOT NULL,
  "task_id" integer REFERENCES "tasks"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "key")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "request_keys_created_idx" ON "request_keys" ("created_at");
