CREATE TABLE "login_codes" (
	"email" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"link_token_hash" text NOT NULL,
	"name" text,
	"invited_by" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "login_codes_link_token_hash_unique" UNIQUE("link_token_hash")
);
--> statement-breakpoint
CREATE TABLE "onboarding_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"type" text DEFAULT 'recurring' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"billing_cycle" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"value" integer NOT NULL,
	"name" text NOT NULL,
	"credit_value_month" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"stripe_price_id" text,
	"stripe_price_id_dev" text,
	"version" text NOT NULL,
	CONSTRAINT "plans_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"qualified_at" timestamp with time zone,
	CONSTRAINT "referrals_invitee_id_unique" UNIQUE("invitee_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"username" text,
	"avatar" text,
	"email" text NOT NULL,
	"name" text,
	"first_name" text DEFAULT 'Firstname' NOT NULL,
	"last_name" text,
	"role" text DEFAULT 'free' NOT NULL,
	"plan" text,
	"stripe_plan" text,
	"remaining_product_count" integer NOT NULL,
	"remaining_credit_count" integer NOT NULL,
	"last_credit_reset" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"api_key_hash" text NOT NULL,
	"api_key_hint" text NOT NULL,
	"facebook_id" text,
	"google_id" text,
	"invitation_code" text NOT NULL,
	"publish_pages_count" integer NOT NULL,
	"gclid" text,
	"fbclid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "users_api_key_hash_unique" UNIQUE("api_key_hash"),
	CONSTRAINT "users_facebook_id_unique" UNIQUE("facebook_id"),
	CONSTRAINT "users_google_id_unique" UNIQUE("google_id"),
	CONSTRAINT "users_invitation_code_unique" UNIQUE("invitation_code"),
	CONSTRAINT "users_credits_not_negative" CHECK ("users"."remaining_credit_count" >= 0),
	CONSTRAINT "users_products_not_negative" CHECK ("users"."remaining_product_count" >= 0),
	CONSTRAINT "users_publish_slots_range" CHECK ("users"."publish_pages_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD CONSTRAINT "onboarding_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_answers_user_question_key" ON "onboarding_answers" USING btree ("user_id","question");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");