CREATE TABLE "interface_copy" (
	"section" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interface_copy_section_key_pk" PRIMARY KEY("section","key")
);
