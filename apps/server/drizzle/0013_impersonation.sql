CREATE TABLE "impersonation_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"impersonator_id" integer NOT NULL,
	"impersonator_email" text NOT NULL,
	"user_id" integer NOT NULL,
	"user_email" text NOT NULL,
	"token_id" integer NOT NULL,
	"end_reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
CREATE INDEX "impersonation_audit_impersonator_idx" ON "impersonation_audit" USING btree ("impersonator_id","at");--> statement-breakpoint
CREATE INDEX "impersonation_audit_user_idx" ON "impersonation_audit" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "impersonation_audit_token_idx" ON "impersonation_audit" USING btree ("token_id");--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The audit trail is append-only: a row once written is never changed or removed.
CREATE FUNCTION "impersonation_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'impersonation_audit is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER "impersonation_audit_no_change" BEFORE UPDATE OR DELETE ON "impersonation_audit"
  FOR EACH ROW EXECUTE FUNCTION "impersonation_audit_append_only"();
