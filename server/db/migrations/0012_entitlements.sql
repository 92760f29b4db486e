-- Issue 20: allowances in one place. A slot ledger like the credit ledger (take-backs are read, not
-- re-derived), the owner's explicit gallery choice, and why a referral did not qualify (for support).
CREATE TABLE IF NOT EXISTS "slot_ledger" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "delta" integer NOT NULL,
  "balance_after" integer NOT NULL,
  "reason" text NOT NULL,
  "referral_id" integer REFERENCES "referrals"("id") ON DELETE set null,
  "publication_id" integer REFERENCES "publications"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "slot_ledger_user_idx" ON "slot_ledger" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "slot_ledger_referral_earned_key" ON "slot_ledger" USING btree ("referral_id") WHERE reason = 'referral';
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "slot_ledger_referral_taken_key" ON "slot_ledger" USING btree ("referral_id") WHERE reason = 'referral_taken_back';
--> statement-breakpoint
-- Every existing account starts its history with the slots it holds today.
INSERT INTO "slot_ledger" ("user_id", "delta", "balance_after", "reason", "created_at")
  SELECT "id", "publish_pages_count", "publish_pages_count", 'opening', now() FROM "users";
--> statement-breakpoint
-- Referral slots given before this history began: marked so a disqualification still takes them back.
INSERT INTO "slot_ledger" ("user_id", "delta", "balance_after", "reason", "referral_id", "created_at")
  SELECT r."inviter_id", 0, u."publish_pages_count", 'referral', r."id", r."qualified_at"
    FROM "referrals" r JOIN "users" u ON u."id" = r."inviter_id"
   WHERE r."qualified_at" IS NOT NULL AND r."disqualified_at" IS NULL
     AND (SELECT count(*) FROM "referrals" e
           WHERE e."inviter_id" = r."inviter_id" AND e."qualified_at" IS NOT NULL
             AND (e."qualified_at" < r."qualified_at" OR (e."qualified_at" = r."qualified_at" AND e."id" < r."id"))) < 9;
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN IF NOT EXISTS "gallery_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_gallery_idx" ON "tasks" USING btree ("gallery_at") WHERE "gallery_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN IF NOT EXISTS "refusal_reason" text;
--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN IF NOT EXISTS "refused_at" timestamp with time zone;
--> statement-breakpoint
CREATE TRIGGER slot_ledger_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON "slot_ledger" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('user_id');
