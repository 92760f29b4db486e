CREATE TABLE "media" (
	"hash" text PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_hash_sha256" CHECK ("media"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "media_size_matches" CHECK ("media"."byte_size" = octet_length("media"."bytes"))
);
