-- AlterTable
ALTER TABLE "prototype_documents" ADD COLUMN IF NOT EXISTS "view_only" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "confidentiality_terms" (
    "version" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "text_sha256" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_by" UUID,

    CONSTRAINT "confidentiality_terms_pkey" PRIMARY KEY ("version")
);

-- CreateTable
CREATE TABLE "confidentiality_acceptances" (
    "id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "text_sha256" TEXT NOT NULL,
    "accepted_at" TIMESTAMPTZ(3) NOT NULL,
    "ip" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "confidentiality_acceptances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prototype_attestations" (
    "id" SERIAL NOT NULL,
    "prototype_id" INTEGER NOT NULL,
    "admin_id" UUID NOT NULL,
    "terms_version" INTEGER NOT NULL,
    "no_conflict" BOOLEAN NOT NULL,
    "attested_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "prototype_attestations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "data_room_revocations" (
    "prototype_id" INTEGER NOT NULL,
    "admin_id" UUID NOT NULL,
    "revoked_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_by" UUID,

    CONSTRAINT "data_room_revocations_pkey" PRIMARY KEY ("prototype_id","admin_id")
);

-- CreateIndex
CREATE INDEX "confidentiality_acceptances_version_idx" ON "confidentiality_acceptances"("version");

-- CreateIndex
CREATE UNIQUE INDEX "confidentiality_acceptances_user_id_version_key" ON "confidentiality_acceptances"("user_id", "version");

-- CreateIndex
CREATE INDEX "prototype_attestations_admin_id_idx" ON "prototype_attestations"("admin_id");

-- CreateIndex
CREATE UNIQUE INDEX "prototype_attestations_prototype_id_admin_id_key" ON "prototype_attestations"("prototype_id", "admin_id");

-- CreateIndex
CREATE INDEX "data_room_revocations_admin_id_idx" ON "data_room_revocations"("admin_id");

-- AddForeignKey
ALTER TABLE "confidentiality_terms" ADD CONSTRAINT "confidentiality_terms_published_by_fkey" FOREIGN KEY ("published_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "confidentiality_acceptances" ADD CONSTRAINT "confidentiality_acceptances_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "confidentiality_acceptances" ADD CONSTRAINT "confidentiality_acceptances_version_fkey" FOREIGN KEY ("version") REFERENCES "confidentiality_terms"("version") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_attestations" ADD CONSTRAINT "prototype_attestations_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_attestations" ADD CONSTRAINT "prototype_attestations_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "data_room_revocations" ADD CONSTRAINT "data_room_revocations_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "data_room_revocations" ADD CONSTRAINT "data_room_revocations_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "data_room_revocations" ADD CONSTRAINT "data_room_revocations_revoked_by_fkey" FOREIGN KEY ("revoked_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
