-- Two-factor assurance belongs to the session (ADR 0038): how each session passed the second factor,
-- and which notifications are admin data.

-- CreateEnum
CREATE TYPE "SecondFactor" AS ENUM ('totp', 'recovery', 'enrolment');

-- AlterTable
-- Existing sessions stay null (a password alone): which of them passed the second factor was never
-- recorded, so with ADMIN_REQUIRE_2FA an administrator signs in again once.
ALTER TABLE "sessions" ADD COLUMN     "second_factor" "SecondFactor";

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "admin_data" BOOLEAN NOT NULL DEFAULT false;

-- Notifications sent to administrators as administrators all link into the admin area.
UPDATE "notifications" SET "admin_data" = true WHERE "action_url" LIKE '/admin%';
