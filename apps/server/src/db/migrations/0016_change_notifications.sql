-- Every server instance keeps sessions and cache epochs in memory and drops them when PostgreSQL says they
-- changed (docs/decisions.md "Per-request cost"). A notification is sent at commit, to every listening
-- connection, the committing one included, so the instance that wrote learns of it before its write returns.
CREATE OR REPLACE FUNCTION "raise_cache_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  raised bigint;
BEGIN
  UPDATE "cache_epochs" SET "version" = "version" + 1, "xact" = txid_current()
  WHERE "name" = TG_ARGV[0] AND "xact" <> txid_current()
  RETURNING "version" INTO raised;
  IF FOUND THEN
    PERFORM pg_notify('cache_epochs', TG_ARGV[0] || ':' || raised);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', TG_ARGV[0] || ':' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_change_notice" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('session');
--> statement-breakpoint
CREATE TRIGGER "users_session_change_notice" AFTER UPDATE OF "status", "deleted_at", "employee_id" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('user');
--> statement-breakpoint
-- The staff directory's pages are kept too: everything a listed row shows comes from these tables.
INSERT INTO "cache_epochs" ("name") VALUES ('staff');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "employees_staff_epoch" AFTER INSERT OR UPDATE OR DELETE ON "employees" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('staff');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "departments_staff_epoch" AFTER INSERT OR UPDATE OR DELETE ON "departments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('staff');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stores_staff_epoch" AFTER INSERT OR UPDATE OR DELETE ON "stores" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('staff');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "posts_staff_epoch" AFTER INSERT OR UPDATE OR DELETE ON "posts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('staff');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dictionary_items_staff_epoch" AFTER INSERT OR UPDATE OR DELETE ON "dictionary_items" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_cache_epoch"('staff');
