-- DropIndex
DROP INDEX "transactions_prototype_id_idx";

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "stripe_details_submitted" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "stripe_payouts_enabled" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "failure_reason" TEXT,
ADD COLUMN     "payout_method" TEXT,
ADD COLUMN     "payout_reference" TEXT,
ADD COLUMN     "processed_by" UUID,
ADD COLUMN     "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "transactions_stripe_transfer_id_idx" ON "transactions"("stripe_transfer_id");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_prototype_id_key" ON "transactions"("prototype_id");

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_processed_by_fkey" FOREIGN KEY ("processed_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
