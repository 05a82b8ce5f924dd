CREATE TABLE "cache_epochs" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"xact" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "cache_epochs" ("name") VALUES ('access'), ('dictionaries');
--> statement-breakpoint
-- Raised once per transaction, at its commit (the triggers below are deferred): the row is locked only while
-- the transaction commits, so it cannot take part in a deadlock, and its new value becomes visible together
-- with the change it stands for.
CREATE FUNCTION "raise_cache_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cache_epochs" SET "version" = "version" + 1, "xact" = txid_current()
  WHERE "name" = TG_ARGV[0] AND "xact" <> txid_current();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "roles_access_epoch" AFTER INSERT OR UPDATE OR DELETE ON "roles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('access');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "role_menus_access_epoch" AFTER INSERT OR UPDATE OR DELETE ON "role_menus" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('access');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "menus_access_epoch" AFTER INSERT OR UPDATE OR DELETE ON "menus" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('access');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_roles_access_epoch" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('access');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "post_roles_access_epoch" AFTER INSERT OR UPDATE OR DELETE ON "post_roles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('access');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "assignments_access_epoch" AFTER INSERT OR UPDATE OR DELETE ON "assignments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('access');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "departments_access_epoch" AFTER INSERT OR UPDATE OR DELETE ON "departments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('access');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_access_epoch" AFTER UPDATE OF "employee_id", "deleted_at", "status" ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('access');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dictionary_items_epoch" AFTER INSERT OR UPDATE OR DELETE ON "dictionary_items" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('dictionaries');
