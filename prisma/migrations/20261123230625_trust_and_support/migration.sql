-- AlterEnum
ALTER TYPE "TicketStatus" ADD VALUE 'waiting_on_user';

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "suspended_until" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "user_warnings" ADD COLUMN     "acknowledged_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "user_suspensions" ADD COLUMN     "ended_at" TIMESTAMPTZ(3),
ADD COLUMN     "lifted_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "support_tickets" ADD COLUMN     "appeal_outcome" TEXT,
ADD COLUMN     "awaiting_reply_since" TIMESTAMPTZ(3),
ADD COLUMN     "measure_id" INTEGER,
ADD COLUMN     "measure_type" TEXT;

-- AlterTable
ALTER TABLE "content_reports" ADD COLUMN     "open_key" TEXT;

-- CreateTable
CREATE TABLE "support_ticket_messages" (
    "id" SERIAL NOT NULL,
    "ticket_id" INTEGER NOT NULL,
    "author_id" UUID,
    "from_admin" BOOLEAN NOT NULL DEFAULT false,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "support_ticket_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_measures" (
    "id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "admin_id" UUID,
    "kind" TEXT NOT NULL,
    "reason" TEXT,
    "until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "account_measures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "appeal_tokens" (
    "id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "measure_type" TEXT NOT NULL,
    "measure_id" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "appeal_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "support_ticket_messages_ticket_id_created_at_idx" ON "support_ticket_messages"("ticket_id", "created_at");

-- CreateIndex
CREATE INDEX "account_measures_user_id_created_at_idx" ON "account_measures"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "appeal_tokens_user_id_idx" ON "appeal_tokens"("user_id");

-- CreateIndex
CREATE INDEX "appeal_tokens_expires_at_idx" ON "appeal_tokens"("expires_at");

-- CreateIndex
CREATE INDEX "user_warnings_status_expires_at_idx" ON "user_warnings"("status", "expires_at");

-- CreateIndex
CREATE INDEX "user_suspensions_is_active_end_date_idx" ON "user_suspensions"("is_active", "end_date");

-- CreateIndex
CREATE INDEX "support_tickets_awaiting_reply_since_idx" ON "support_tickets"("awaiting_reply_since");

-- CreateIndex
CREATE UNIQUE INDEX "support_tickets_measure_type_measure_id_key" ON "support_tickets"("measure_type", "measure_id");

-- CreateIndex
CREATE INDEX "user_permissions_permission_granted_idx" ON "user_permissions"("permission", "granted");

-- CreateIndex
CREATE INDEX "financial_records_type_created_at_idx" ON "financial_records"("type", "created_at");

-- CreateIndex
CREATE INDEX "financial_records_created_at_idx" ON "financial_records"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "content_reports_open_key_key" ON "content_reports"("open_key");

-- CreateIndex
CREATE INDEX "content_reports_target_type_target_id_idx" ON "content_reports"("target_type", "target_id");

-- AddForeignKey
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "support_tickets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_measures" ADD CONSTRAINT "account_measures_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_measures" ADD CONSTRAINT "account_measures_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appeal_tokens" ADD CONSTRAINT "appeal_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: closed lists the code also declares (src/shared/moderation.ts).
ALTER TABLE "account_measures" ADD CONSTRAINT "account_measures_kind_check" CHECK ("kind" IN ('restriction', 'ban'));
ALTER TABLE "appeal_tokens" ADD CONSTRAINT "appeal_tokens_measure_type_check" CHECK ("measure_type" IN ('warning', 'restriction', 'suspension', 'ban'));

-- Data move: users restricted or banned before measures had rows get one, so they can appeal it.
INSERT INTO "account_measures" ("user_id", "kind", "reason", "until", "created_at")
SELECT "id", CASE "status" WHEN 'banned' THEN 'ban' ELSE 'restriction' END,
       CASE "status" WHEN 'banned' THEN "ban_reason" ELSE "admin_notes" END, "restricted_until", "updated_at"
FROM "users" WHERE "status" IN ('restricted', 'banned');
