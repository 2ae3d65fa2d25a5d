-- CreateTable
CREATE TABLE "prototype_export_screenings" (
    "prototype_id" INTEGER NOT NULL,
    "hydrogen_isotope_separation" BOOLEAN NOT NULL,
    "tritium" BOOLEAN NOT NULL,
    "enrichment" BOOLEAN NOT NULL,
    "reactor_components" BOOLEAN NOT NULL,
    "military_or_space" BOOLEAN NOT NULL,
    "known_classification" TEXT NOT NULL,
    "eccn" TEXT,
    "answered_by" UUID,
    "answered_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "prototype_export_screenings_pkey" PRIMARY KEY ("prototype_id")
);

-- CreateTable
CREATE TABLE "export_classifications" (
    "id" SERIAL NOT NULL,
    "prototype_id" INTEGER NOT NULL,
    "jurisdiction" TEXT NOT NULL,
    "classification" TEXT NOT NULL,
    "controlled" BOOLEAN NOT NULL,
    "basis" TEXT NOT NULL,
    "note" TEXT,
    "recorded_by" UUID,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "export_classifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening_list_imports" (
    "id" SERIAL NOT NULL,
    "entry_count" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "imported_by" UUID,
    "imported_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "screening_list_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening_list_entries" (
    "id" SERIAL NOT NULL,
    "import_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "alt_names" TEXT[],
    "addresses" TEXT NOT NULL,
    "countries" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "name_keys" TEXT[],

    CONSTRAINT "screening_list_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "screening_hits" (
    "id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "screened_name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "entry_key" TEXT NOT NULL,
    "entry_name" TEXT NOT NULL,
    "matched_name" TEXT NOT NULL,
    "entry_source" TEXT NOT NULL,
    "entry_countries" TEXT NOT NULL,
    "occasion" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "decided_by" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "screening_hits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "export_classifications_prototype_id_id_idx" ON "export_classifications"("prototype_id", "id" DESC);

-- CreateIndex
CREATE INDEX "screening_list_entries_name_keys_idx" ON "screening_list_entries" USING GIN ("name_keys");

-- CreateIndex
CREATE INDEX "screening_list_entries_import_id_idx" ON "screening_list_entries"("import_id");

-- CreateIndex
CREATE INDEX "screening_hits_status_created_at_idx" ON "screening_hits"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "screening_hits_user_id_name_key_entry_key_key" ON "screening_hits"("user_id", "name_key", "entry_key");

-- AddForeignKey
ALTER TABLE "prototype_export_screenings" ADD CONSTRAINT "prototype_export_screenings_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prototype_export_screenings" ADD CONSTRAINT "prototype_export_screenings_answered_by_fkey" FOREIGN KEY ("answered_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "export_classifications" ADD CONSTRAINT "export_classifications_prototype_id_fkey" FOREIGN KEY ("prototype_id") REFERENCES "prototypes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "export_classifications" ADD CONSTRAINT "export_classifications_recorded_by_fkey" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_list_imports" ADD CONSTRAINT "screening_list_imports_imported_by_fkey" FOREIGN KEY ("imported_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_list_entries" ADD CONSTRAINT "screening_list_entries_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "screening_list_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written checks (Prisma's schema language has no CHECK constraints).
ALTER TABLE "prototype_export_screenings" ADD CONSTRAINT "prototype_export_screenings_known_classification_check"
  CHECK ("known_classification" IN ('ear99', 'eccn', 'part810', 'unknown'));
ALTER TABLE "prototype_export_screenings" ADD CONSTRAINT "prototype_export_screenings_eccn_check"
  CHECK (("known_classification" = 'eccn') = ("eccn" IS NOT NULL));
ALTER TABLE "export_classifications" ADD CONSTRAINT "export_classifications_jurisdiction_check"
  CHECK ("jurisdiction" IN ('ear', 'part810', 'itar', 'none'));
ALTER TABLE "export_classifications" ADD CONSTRAINT "export_classifications_basis_check"
  CHECK ("basis" IN ('self', 'ccats', 'counsel', 'doe'));
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_status_check"
  CHECK ("status" IN ('open', 'false_positive', 'confirmed'));
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_occasion_check"
  CHECK ("occasion" IN ('registration', 'payout_account', 'payout'));

-- compliance.manage is no administrator's by default (ADR 0050). On a database that already has
-- administrators, the oldest active one that holds permissions.manage by its role default (no override)
-- receives it with no end, so someone can grant it; an empty database gets it from the first admin.
INSERT INTO "user_permissions" ("user_id", "permission", "granted", "reason", "created_at")
SELECT u."id", 'compliance.manage', true, 'Export control introduced: the oldest administrator holds compliance.manage', now()
FROM "users" u
WHERE u."role" = 'admin' AND u."status" = 'active'
  AND NOT EXISTS (SELECT 1 FROM "user_permissions" p WHERE p."user_id" = u."id" AND p."permission" = 'permissions.manage')
ORDER BY u."created_at", u."id"
LIMIT 1;
