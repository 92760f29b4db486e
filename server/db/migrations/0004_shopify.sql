CREATE TABLE "current_stores" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_shop_records" (
	"shop" text NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_shop_records_shop_kind_id_pk" PRIMARY KEY("shop","kind","id")
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"page_version" integer NOT NULL,
	"product_gid" text,
	"product_handle" text,
	"storefront_url" text,
	"method" text,
	"slot_spent" boolean DEFAULT false NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_installs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_domain" text NOT NULL,
	"email" text NOT NULL,
	"shop_name" text,
	"access_token_enc" text NOT NULL,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_enc" text,
	"refresh_token_expires_at" timestamp with time zone,
	"scopes" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_product_favorites" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_product_favorites_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "shopify_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"shopify_id" text NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"vendor" text,
	"product_type" text,
	"status" text NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(12, 2),
	"compare_at_price" numeric(12, 2),
	"currency" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"online_store_url" text,
	"total_inventory" integer,
	"google_shopping" jsonb,
	"shopify_updated_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"shop_domain" text NOT NULL,
	"name" text,
	"email" text,
	"currency" text,
	"kind" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"access_token_enc" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_enc" text,
	"refresh_token_expires_at" timestamp with time zone,
	"webhook_secret_enc" text,
	"scopes" text DEFAULT '' NOT NULL,
	"app_id" text,
	"template_settings" jsonb,
	"feed_token" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uninstalled_at" timestamp with time zone,
	"sync_status" text DEFAULT 'idle' NOT NULL,
	"sync_cursor" text,
	"sync_done" integer DEFAULT 0 NOT NULL,
	"sync_total" integer,
	"sync_error" text,
	"sync_started_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_stores_feed_token_unique" UNIQUE("feed_token")
);
--> statement-breakpoint
CREATE TABLE "store_domains" (
	"shop_domain" text PRIMARY KEY NOT NULL,
	"first_user_id" integer,
	"first_connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"source" text NOT NULL,
	"delivery_id" text NOT NULL,
	"topic" text NOT NULL,
	"shop_domain" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_source_delivery_id_pk" PRIMARY KEY("source","delivery_id")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "shopify_product_id" integer;--> statement-breakpoint
ALTER TABLE "current_stores" ADD CONSTRAINT "current_stores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "current_stores" ADD CONSTRAINT "current_stores_store_id_shopify_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_store_id_shopify_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_product_favorites" ADD CONSTRAINT "shopify_product_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_product_favorites" ADD CONSTRAINT "shopify_product_favorites_product_id_shopify_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shopify_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_products" ADD CONSTRAINT "shopify_products_store_id_shopify_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD CONSTRAINT "shopify_stores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_domains" ADD CONSTRAINT "store_domains_first_user_id_users_id_fk" FOREIGN KEY ("first_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publications_task_store_key" ON "publications" USING btree ("task_id","store_id");--> statement-breakpoint
CREATE INDEX "publications_store_idx" ON "publications" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_products_store_gid_key" ON "shopify_products" USING btree ("store_id","shopify_id");--> statement-breakpoint
CREATE INDEX "shopify_products_store_title_idx" ON "shopify_products" USING btree ("store_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_stores_shop_key" ON "shopify_stores" USING btree ("shop_domain");--> statement-breakpoint
CREATE INDEX "shopify_stores_user_idx" ON "shopify_stores" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_shopify_product_id_shopify_products_id_fk" FOREIGN KEY ("shopify_product_id") REFERENCES "public"."shopify_products"("id") ON DELETE set null ON UPDATE no action;