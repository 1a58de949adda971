CREATE TABLE "assistant_chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"grant_id" text NOT NULL,
	"channel" text NOT NULL,
	"conversation_id" text NOT NULL,
	"address" jsonb NOT NULL,
	"digests" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_chats_channel_conversation_user_unique" UNIQUE("channel","conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "oauth_records" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"grant_id" text,
	"uid_hash" text,
	"user_id" uuid,
	"client_id" text,
	"payload" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_chats" ADD CONSTRAINT "assistant_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_records" ADD CONSTRAINT "oauth_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_chats_grant_idx" ON "assistant_chats" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_records_grant_idx" ON "oauth_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_records_user_model_idx" ON "oauth_records" USING btree ("user_id","model");--> statement-breakpoint
CREATE INDEX "oauth_records_uid_idx" ON "oauth_records" USING btree ("uid_hash");--> statement-breakpoint
CREATE INDEX "oauth_records_expires_idx" ON "oauth_records" USING btree ("expires_at");