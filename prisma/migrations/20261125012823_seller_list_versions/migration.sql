-- CreateTable
CREATE TABLE "seller_list_versions" (
    "seller_id" UUID NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "seller_list_versions_pkey" PRIMARY KEY ("seller_id")
);

-- The seller's list version (ADR 0024). Not owned by a column, so that no TRUNCATE ... RESTART
-- IDENTITY restarts it: a value is never given twice, and an instance holding a list under an old
-- value can never take a new one for the same.
CREATE SEQUENCE "seller_list_version_seq";

-- Gives a seller's list a new version; nothing for a user who no longer exists.
CREATE FUNCTION bump_seller_list_version(seller uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "seller_list_versions" ("seller_id", "version")
  SELECT "id", nextval('seller_list_version_seq') FROM "users" WHERE "id" = seller
  ON CONFLICT ("seller_id") DO UPDATE SET "version" = EXCLUDED."version"
$$;

-- A prototype stays with the seller who submitted it. The information-request trigger below finds
-- the seller through the prototype at commit without locking it, which is only right if that never
-- changes: a move committing meanwhile would leave the new seller's version behind.
CREATE FUNCTION prototypes_keep_their_seller() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."seller_id" IS DISTINCT FROM OLD."seller_id" THEN
    RAISE EXCEPTION 'A prototype stays with the seller who submitted it' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "prototypes_keep_their_seller"
BEFORE UPDATE OF "seller_id" ON "prototypes"
FOR EACH ROW EXECUTE FUNCTION prototypes_keep_their_seller();

CREATE FUNCTION prototypes_seller_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM bump_seller_list_version(NEW."seller_id");
  ELSE PERFORM bump_seller_list_version(OLD."seller_id");
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION info_requests_seller_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_seller_list_version((SELECT "seller_id" FROM "prototypes" WHERE "id" = OLD."prototype_id"));
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."prototype_id" IS DISTINCT FROM OLD."prototype_id") THEN
    PERFORM bump_seller_list_version((SELECT "seller_id" FROM "prototypes" WHERE "id" = NEW."prototype_id"));
  END IF;
  RETURN NULL;
END;
$$;

-- Deferred to the commit: a writing transaction takes the version row's lock last, after every lock
-- of its own work, and holds it only while it commits. So it cannot close a cycle of waits with a
-- transaction that locks prototypes or users, unless one transaction writes the lists of two sellers
-- in the opposite order of another. Nothing in the app does (each write names one prototype); a
-- script or psql session that does may deadlock, which PostgreSQL detects, aborting one of the two.
-- A writer under REPEATABLE READ or SERIALIZABLE (the app uses neither) can fail at commit with a
-- serialization error when another transaction gave the same seller a version after its snapshot.
CREATE CONSTRAINT TRIGGER "prototypes_seller_list_version"
AFTER INSERT OR UPDATE OR DELETE ON "prototypes"
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION prototypes_seller_list_changed();

-- The list shows each prototype's unanswered information requests.
CREATE CONSTRAINT TRIGGER "prototype_info_requests_seller_list_version"
AFTER INSERT OR DELETE OR UPDATE OF "answered_at", "prototype_id" ON "prototype_info_requests"
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION info_requests_seller_list_changed();

-- TRUNCATE fires no row trigger: every list gets a new version.
CREATE FUNCTION seller_lists_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "seller_list_versions" SET "version" = nextval('seller_list_version_seq');
  RETURN NULL;
END;
$$;

CREATE TRIGGER "prototypes_truncated_seller_list_versions"
AFTER TRUNCATE ON "prototypes" FOR EACH STATEMENT EXECUTE FUNCTION seller_lists_truncated();

CREATE TRIGGER "prototype_info_requests_truncated_seller_list_versions"
AFTER TRUNCATE ON "prototype_info_requests" FOR EACH STATEMENT EXECUTE FUNCTION seller_lists_truncated();

-- A deleted user's version goes with them (a foreign key would make each version write take a
-- KEY SHARE lock on the user's row, which moderation locks FOR UPDATE).
CREATE FUNCTION users_deleted_seller_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "seller_list_versions" WHERE "seller_id" IN (SELECT "id" FROM deleted_users);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "users_deleted_seller_list_versions"
AFTER DELETE ON "users" REFERENCING OLD TABLE AS deleted_users
FOR EACH STATEMENT EXECUTE FUNCTION users_deleted_seller_list_versions();

-- The lists that exist now.
INSERT INTO "seller_list_versions" ("seller_id", "version")
SELECT "seller_id", nextval('seller_list_version_seq') FROM (SELECT DISTINCT "seller_id" FROM "prototypes") AS sellers;
