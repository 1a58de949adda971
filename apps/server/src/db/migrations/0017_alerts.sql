CREATE TABLE "alert_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"period_key" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"check" jsonb NOT NULL,
	"notices" jsonb NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" text NOT NULL,
	"phrase" text NOT NULL,
	"datasource_id" text NOT NULL,
	"query" jsonb NOT NULL,
	"condition" jsonb NOT NULL,
	"schedule" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"snoozed_until" timestamp with time zone,
	"last_fired_at" timestamp with time zone,
	"state" text DEFAULT 'armed' NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_runs" ADD CONSTRAINT "alert_runs_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_runs_claim_uq" ON "alert_runs" USING btree ("alert_id","period_key");--> statement-breakpoint
CREATE INDEX "alert_runs_pending_idx" ON "alert_runs" USING btree ("status","claimed_at");--> statement-breakpoint
CREATE INDEX "alerts_owner_idx" ON "alerts" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE INDEX "alerts_next_idx" ON "alerts" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "alerts_source_idx" ON "alerts" USING btree ("datasource_id");