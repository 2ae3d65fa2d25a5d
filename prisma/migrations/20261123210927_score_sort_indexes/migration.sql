-- The admin list's score sorts: best first, unscored last, then id (keyset pages).
-- Hand-edited: NULLS LAST matches the query's order (Prisma's schema language cannot say it), so
-- PostgreSQL reads a page straight from the index instead of sorting the table.
CREATE INDEX "prototypes_technical_feasibility_id_idx" ON "prototypes"("technical_feasibility" DESC NULLS LAST, "id" DESC);
CREATE INDEX "prototypes_commercial_viability_id_idx" ON "prototypes"("commercial_viability" DESC NULLS LAST, "id" DESC);
