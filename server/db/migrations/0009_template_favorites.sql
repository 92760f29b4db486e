-- Favourite page templates (the templates themselves are built in: server/domain/templates.ts).
CREATE TABLE "template_favorites" (
	"user_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_favorites_user_id_template_id_pk" PRIMARY KEY("user_id","template_id")
);
--> statement-breakpoint
ALTER TABLE "template_favorites" ADD CONSTRAINT "template_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Signed-in screens kept in memory notice a change of the user's favourites (migration 0008).
CREATE TRIGGER template_favorites_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON "template_favorites" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('user_id');
