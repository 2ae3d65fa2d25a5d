-- Trigram matching for the admin search (ILIKE '%term%'); a standard contrib extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "users_email_trgm_idx" ON "users" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING GIN ("first_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING GIN ("last_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "users_business_name_trgm_idx" ON "users" USING GIN ("business_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "prototypes_prototype_name_trgm_idx" ON "prototypes" USING GIN ("prototype_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "prototypes_inventor_name_trgm_idx" ON "prototypes" USING GIN ("inventor_name" gin_trgm_ops);
