-- CreateTable
CREATE TABLE "user_export_statuses" (
    "id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "citizenships" TEXT[],
    "note" TEXT,
    "recorded_by" UUID,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_export_statuses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "export_authorizations" (
    "id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "prototype_id" INTEGER NOT NULL,
    "reference" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "note" TEXT,
    "recorded_by" UUID,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "removed_by" UUID,
    "removed_at" TIMESTAMPTZ(3),

    CONSTRAINT "export_authorizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "export_releases" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "prototype_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "user_email" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "citizenships" TEXT[],
    "basis" TEXT,
    "authorization_id" INTEGER,
    "reference" TEXT,
    "reason" TEXT,
    "document_id" INTEGER,
    "page" INTEGER,

    CONSTRAINT "export_releases_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "user_export_statuses_user_id_id_idx" ON "user_export_statuses"("user_id", "id" DESC);

-- CreateIndex
CREATE INDEX "export_authorizations_user_id_prototype_id_idx" ON "export_authorizations"("user_id", "prototype_id");

-- CreateIndex
CREATE INDEX "export_authorizations_expires_at_idx" ON "export_authorizations"("expires_at");

-- CreateIndex
CREATE INDEX "export_releases_prototype_id_id_idx" ON "export_releases"("prototype_id", "id" DESC);

-- CreateIndex
CREATE INDEX "export_releases_user_id_idx" ON "export_releases"("user_id");

-- AddForeignKey
ALTER TABLE "user_export_statuses" ADD CONSTRAINT "user_export_statuses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_export_statuses" ADD CONSTRAINT "user_export_statuses_recorded_by_fkey" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "export_authorizations" ADD CONSTRAINT "export_authorizations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "export_authorizations" ADD CONSTRAINT "export_authorizations_recorded_by_fkey" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "export_authorizations" ADD CONSTRAINT "export_authorizations_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written checks (Prisma's schema language has no CHECK constraints).
ALTER TABLE "user_export_statuses" ADD CONSTRAINT "user_export_statuses_status_check"
  CHECK ("status" IN ('us_person', 'foreign_person', 'unknown'));
ALTER TABLE "export_releases" ADD CONSTRAINT "export_releases_channel_check"
  CHECK ("channel" IN ('document_copy', 'page_view', 'fields'));
ALTER TABLE "export_releases" ADD CONSTRAINT "export_releases_outcome_check"
  CHECK (("outcome" = 'released' AND "basis" IN ('us_person', 'authorization') AND "reason" IS NULL)
      OR ("outcome" = 'refused' AND "basis" IS NULL AND "reason" IN ('status_unknown', 'no_authorization', 'authorization_expired')));
