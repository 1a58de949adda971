CREATE TABLE "source_file_chunks" (
	"version" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_file_chunks_version_seq_pk" PRIMARY KEY("version","seq")
);
--> statement-breakpoint
CREATE TABLE "source_files" (
	"datasource_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" uuid NOT NULL,
	"size" bigint NOT NULL,
	"chunks" integer NOT NULL,
	"sha256" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_files_datasource_id_name_pk" PRIMARY KEY("datasource_id","name")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "source_files_version_idx" ON "source_files" USING btree ("version");