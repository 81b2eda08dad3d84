-- A payment's fee never exceeds its amount, so a capture never takes the merchant's pending balance
-- below what the payment brought in (modules/payments/fees.ts caps the fee at the amount; fee >= 0 is
-- already payments_amount_positive). Added NOT VALID and then validated when every existing row meets
-- it: a database holding older rows that break it (tiny payments captured before the cap) still
-- starts, refuses every new or changed row that breaks it, and names the rows in a warning.
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_within_amount" CHECK ("payments"."fee" <= "payments"."amount") NOT VALID;
--> statement-breakpoint
DO $$
DECLARE
  broken bigint;
BEGIN
  SELECT count(*) INTO broken FROM "payments" WHERE "fee" > "amount";
  IF broken = 0 THEN
    ALTER TABLE "payments" VALIDATE CONSTRAINT "payments_fee_within_amount";
  ELSE
    RAISE WARNING 'payments_fee_within_amount left NOT VALID: % payment(s) have a fee above their amount (SELECT id FROM payments WHERE fee > amount)', broken;
  END IF;
END $$;
