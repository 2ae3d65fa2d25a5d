-- Live updates (ADR 0020, 0040): a stream hears the admins' events only while its user acts as an
-- admin (the role, and two-factor enrolment where that is required). When a user's role changes or
-- their two-factor sign-in is turned on or off, the user is announced on the live channel as for
-- ended sessions ("ended"), and every instance's streams of that user check their session, and with
-- it the user's standing, again. A trigger, so that no way of changing either can forget it.
CREATE FUNCTION live_user_standing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atomix_live', json_build_object('ended', json_build_array(NEW.id))::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_standing_live
AFTER UPDATE OF "role", "two_factor_enabled_at" ON "users"
FOR EACH ROW
WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR (OLD."two_factor_enabled_at" IS NULL) <> (NEW."two_factor_enabled_at" IS NULL))
EXECUTE FUNCTION live_user_standing_changed();
