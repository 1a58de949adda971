CREATE TABLE "digest_schedules" (
	"collection_id" uuid PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"timezone" text NOT NULL,
	"week_start" text NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digest_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection_id" uuid NOT NULL,
	"period" text NOT NULL,
	"job_id" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"summary" jsonb
);
--> statement-breakpoint
ALTER TABLE "digest_schedules" ADD CONSTRAINT "digest_schedules_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_sends" ADD CONSTRAINT "digest_sends_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_schedules_next_idx" ON "digest_schedules" USING btree ("next_at");--> statement-breakpoint
CREATE UNIQUE INDEX "digest_sends_collection_period_uq" ON "digest_sends" USING btree ("collection_id","period");--> statement-breakpoint
CREATE INDEX "digest_sends_collection_sent_idx" ON "digest_sends" USING btree ("collection_id","sent_at");