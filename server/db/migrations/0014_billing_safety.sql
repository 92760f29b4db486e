-- Issue 23: billing that holds with a real Stripe account. Customers per mode (test or live), the open
-- attempts to pay (one per account), a second subscription cancelled and refunded, the plan-change
-- rule's running total, what refunds and disputes took back, disputes for support, and settings the
-- product keeps in Stripe (the customer portal's configuration).
CREATE TABLE IF NOT EXISTS "stripe_customers" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  -- test or live, from the key's prefix; null: made before modes were kept (checked against Stripe at first use).
  "mode" text,
  "customer_id" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "stripe_customers_customer_id_unique" UNIQUE("customer_id"),
  CONSTRAINT "stripe_customers_mode_known" CHECK ("mode" IS NULL OR "mode" IN ('test', 'live'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stripe_customers_user_mode_key" ON "stripe_customers" USING btree ("user_id","mode");
--> statement-breakpoint
INSERT INTO "stripe_customers" ("user_id", "mode", "customer_id", "created_at")
  SELECT "id", NULL, "stripe_customer_id", now() FROM "users" WHERE "stripe_customer_id" IS NOT NULL
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN IF EXISTS "stripe_customer_id";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stripe_checkouts" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "mode" text NOT NULL,
  -- session: a hosted Checkout Session (cs_…); subscription: the embedded card form's incomplete subscription (sub_…).
  "kind" text NOT NULL,
  "stripe_id" text NOT NULL,
  "price_id" text NOT NULL,
  -- What the attempt was started with (price, return addresses, customer): the same click may reuse it.
  "params_hash" text NOT NULL,
  -- open, complete or expired (an incomplete subscription cancelled counts as expired).
  "status" text NOT NULL,
  "expires_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "stripe_checkouts_stripe_id_unique" UNIQUE("stripe_id"),
  CONSTRAINT "stripe_checkouts_kind_known" CHECK ("kind" IN ('session', 'subscription')),
  CONSTRAINT "stripe_checkouts_status_known" CHECK ("status" IN ('open', 'complete', 'expired'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stripe_checkouts_user_idx" ON "stripe_checkouts" USING btree ("user_id","status");
--> statement-breakpoint
-- The subscription kept when this one became active second (this one is cancelled and its payment refunded).
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "duplicate_of" integer REFERENCES "subscriptions"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "duplicate_settled_at" timestamp with time zone;
--> statement-breakpoint
-- Who is cancelling and refunding it right now (a lease: another process takes over once it has passed).
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "duplicate_claimed_until" timestamp with time zone;
--> statement-breakpoint
-- Credits granted since the last subscription_create or subscription_cycle invoice (the plan-change rule).
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "period_credits" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "subscriptions" s
   SET "period_credits" = CASE p."billing_cycle" WHEN 'year' THEN p."credit_value_month" * 12 ELSE p."credit_value_month" END
  FROM "plans" p
 WHERE p."id" = s."plan_id" AND s."status" IN ('active', 'trialing', 'past_due');
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "payment_reversals" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "stripe_invoice_id" text NOT NULL,
  "stripe_charge_id" text NOT NULL,
  -- refund or dispute: what reversed the payment this time.
  "kind" text NOT NULL,
  -- The credits this reversal accounts for, what was taken from the balance, and what had been spent already.
  "credits_owed" integer NOT NULL,
  "credits_taken" integer NOT NULL,
  "credits_spent" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_reversals_invoice_idx" ON "payment_reversals" USING btree ("stripe_invoice_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stripe_disputes" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE cascade,
  "dispute_id" text NOT NULL,
  "charge_id" text NOT NULL,
  "stripe_invoice_id" text,
  "amount" integer NOT NULL,
  "currency" text NOT NULL,
  "reason" text NOT NULL,
  "status" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone,
  CONSTRAINT "stripe_disputes_dispute_id_unique" UNIQUE("dispute_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stripe_disputes_user_idx" ON "stripe_disputes" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stripe_settings" (
  "mode" text NOT NULL,
  "name" text NOT NULL,
  "value" text NOT NULL,
  -- What the value was made from (the portal configuration's parameters): a change makes a new one.
  "fingerprint" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "stripe_settings_pk" PRIMARY KEY("mode","name")
);
