CREATE TABLE "learned_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"source_key" text NOT NULL,
	"word" text NOT NULL,
	"target" jsonb NOT NULL,
	"meaning" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_items" ADD COLUMN "learn" jsonb;--> statement-breakpoint
ALTER TABLE "learned_synonyms" ADD CONSTRAINT "learned_synonyms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learned_synonyms" ADD CONSTRAINT "learned_synonyms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learned_synonyms_word_idx" ON "learned_synonyms" USING btree ("project_id","source_key","word");--> statement-breakpoint
CREATE INDEX "learned_synonyms_source_idx" ON "learned_synonyms" USING btree ("project_id","source_key");