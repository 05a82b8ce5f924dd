-- A commit raises its cache epochs from deferred triggers, in the order its rows changed: two commits raising
-- two epochs in opposite orders (one changed employees then assignments, the other the reverse) deadlocked on
-- the epoch rows. The first raise of a transaction now locks every epoch row, in the order of their names, so
-- committing transactions queue on them instead.
CREATE OR REPLACE FUNCTION "raise_cache_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  raised bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "cache_epochs" WHERE "xact" = txid_current()) THEN
    PERFORM 1 FROM "cache_epochs" ORDER BY "name" FOR UPDATE;
  END IF;
  UPDATE "cache_epochs" SET "version" = "version" + 1, "xact" = txid_current()
  WHERE "name" = TG_ARGV[0] AND "xact" <> txid_current()
  RETURNING "version" INTO raised;
  IF FOUND THEN
    PERFORM pg_notify('cache_epochs', TG_ARGV[0] || ':' || raised);
  END IF;
  RETURN NULL;
END
$$;
