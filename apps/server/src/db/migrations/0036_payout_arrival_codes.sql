-- A payout service's arrival is a code (PAYOUT_ARRIVALS, packages/contracts/src/payout-services.ts) that
-- the web words in the reader's language, no longer an English sentence. The services written so far
-- (the demo seed, the only writer) carry one of five sentences: each becomes its code. The table holds a
-- few rows per merchant.
UPDATE "payout_services" SET "arrival" = CASE "arrival"
    WHEN 'Within seconds' THEN 'WITHIN_SECONDS'
    WHEN 'Within minutes' THEN 'WITHIN_MINUTES'
    WHEN 'Same day' THEN 'SAME_DAY'
    WHEN 'Next working day' THEN 'NEXT_WORKING_DAY'
    WHEN '1–2 working days' THEN 'ONE_TO_TWO_WORKING_DAYS'
  END
  WHERE "arrival" IN ('Within seconds', 'Within minutes', 'Same day', 'Next working day', '1–2 working days');
--> statement-breakpoint
-- Checked for every write from now on. NOT VALID: no scan under the ALTER's lock.
ALTER TABLE "payout_services" ADD CONSTRAINT "payout_services_arrival"
  CHECK ("arrival" IN ('WITHIN_SECONDS', 'WITHIN_MINUTES', 'SAME_DAY', 'NEXT_WORKING_DAY', 'ONE_TO_TWO_WORKING_DAYS')) NOT VALID;
