CREATE TABLE "report_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"period" text NOT NULL,
	"job_id" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"title" text,
	"html" text,
	"facts" jsonb
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" text NOT NULL,
	"report" text NOT NULL,
	"status" text,
	"profile" jsonb,
	"notification_frequency" text DEFAULT 'monthly' NOT NULL,
	"reporting_period" integer DEFAULT 3 NOT NULL,
	"last_issued_at" timestamp with time zone,
	"next_at" timestamp with time zone,
	"schedule_timezone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_issues" ADD CONSTRAINT "report_issues_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_issues_report_period_uq" ON "report_issues" USING btree ("report_id","period");--> statement-breakpoint
CREATE INDEX "report_issues_report_issued_idx" ON "report_issues" USING btree ("report_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_owner_report_uq" ON "reports" USING btree ("user_id","project_id","report");--> statement-breakpoint
CREATE INDEX "reports_next_idx" ON "reports" USING btree ("next_at");