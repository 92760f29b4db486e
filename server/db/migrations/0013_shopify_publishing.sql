-- Issue 22: publishing that works on a store whose app has no theme-file exemption. A store remembers
-- Shopify's refusal of theme-file writes (not asked again on every publish) and where our app block
-- was last seen; a publication keeps what it changed in the product (the merchant's own description
-- and template, restored on unpublish) and the owner's consent to the description fallback; the
-- images uploaded to a shop's Files are remembered (uploaded once per shop).
ALTER TABLE "shopify_stores" ADD COLUMN IF NOT EXISTS "theme_writes_refused_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD COLUMN IF NOT EXISTS "theme_writes_refusal" text;
--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD COLUMN IF NOT EXISTS "app_block_theme_id" text;
--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD COLUMN IF NOT EXISTS "app_block_checked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN IF NOT EXISTS "notice" text;
--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN IF NOT EXISTS "product_created" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN IF NOT EXISTS "description_allowed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN IF NOT EXISTS "description_set" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN IF NOT EXISTS "original_description" text;
--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN IF NOT EXISTS "suffix_set" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN IF NOT EXISTS "original_template_suffix" text;
--> statement-breakpoint
-- Publications made before: a product not from the page's catalogue was made by Pagewright; a page on
-- our template set the product's template (it had the default one); a page published as the
-- description counts as agreed, its original taken from the catalogue copy when there is one.
UPDATE "publications" SET "product_created" = true
 WHERE "product_gid" IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM "tasks" t JOIN "shopify_products" p ON p."id" = t."shopify_product_id"
                    WHERE t."id" = "publications"."task_id" AND p."store_id" = "publications"."store_id");
--> statement-breakpoint
UPDATE "publications" SET "suffix_set" = true WHERE "method" = 'template';
--> statement-breakpoint
UPDATE "publications"
   SET "description_allowed_at" = COALESCE("published_at", now()),
       "description_set" = NOT "product_created",
       "original_description" = (SELECT p."description_html" FROM "tasks" t JOIN "shopify_products" p ON p."id" = t."shopify_product_id"
                                  WHERE t."id" = "publications"."task_id")
 WHERE "method" = 'description';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shopify_files" (
  "store_id" integer NOT NULL REFERENCES "shopify_stores"("id") ON DELETE cascade,
  "source" text NOT NULL,
  "file_gid" text NOT NULL,
  "url" text,
  "status" text NOT NULL,
  "error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "shopify_files_store_id_source_pk" PRIMARY KEY ("store_id", "source")
);
