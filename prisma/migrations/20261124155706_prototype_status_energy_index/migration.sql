-- CreateIndex
CREATE INDEX "prototypes_status_energy_type_created_at_idx" ON "prototypes"("status", "energy_type", "created_at" DESC);
