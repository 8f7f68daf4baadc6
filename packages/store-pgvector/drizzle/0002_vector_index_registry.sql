-- IF NOT EXISTS hand-added: the 0001 test re-applies every migration after the first.
CREATE TABLE IF NOT EXISTS "agent_memory_recall_samples" (
	"table_name" text NOT NULL,
	"namespace" text NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	"recall_sum" double precision DEFAULT 0 NOT NULL,
	"last_recall" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_memory_recall_samples_pkey" PRIMARY KEY("table_name","namespace")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "agent_memory_vector_indexes" (
	"table_name" text NOT NULL,
	"namespace" text NOT NULL,
	"index_name" text NOT NULL,
	"rows_at_build" integer NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_memory_vector_indexes_pkey" PRIMARY KEY("table_name","namespace")
);
