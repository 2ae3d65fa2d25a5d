-- Live updates (ADR 0020): whenever sessions are deleted (sign-out, ban, suspension, password reset,
-- "sign out other sessions", expiry, a deleted user), the users whose sessions went are announced on
-- the live channel, so that every instance ends those users' streams whose session is gone. A trigger
-- rather than application code, so that no way of deleting a session can forget it. At most 100 user
-- ids per message keep each NOTIFY under PostgreSQL's 8,000-byte limit.
CREATE FUNCTION live_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atomix_live', json_build_object('ended', json_agg(user_id))::text)
  FROM (
    SELECT user_id, (row_number() OVER (ORDER BY user_id) - 1) / 100 AS chunk
    FROM (SELECT DISTINCT user_id FROM ended_sessions) AS users
  ) AS numbered
  GROUP BY chunk;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_ended_live
AFTER DELETE ON "sessions"
REFERENCING OLD TABLE AS ended_sessions
FOR EACH STATEMENT EXECUTE FUNCTION live_sessions_ended();
