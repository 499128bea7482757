DROP INDEX "whatsapp_configs_business_account_idx";--> statement-breakpoint
-- Hand-written (drizzle-kit generated the statements before and after it). Until issue 32 any company
-- could save another's WhatsApp Business Account id unchecked, so one id may be held by several
-- companies, and the unique index below would not build. The company that saved the id first keeps
-- it (the claim reproduced in the issue was a later company copying an id in use); the later
-- companies' WhatsApp configurations are deleted, each named in a WARNING (the migration's output and
-- the server log). Such a company sees WhatsApp as not connected and connects again through
-- 'Verify & Continue', which now needs its token to list the number under that account. Phone number
-- ids were already unique (0026).
DO $$
DECLARE
  claim record;
BEGIN
  FOR claim IN
    DELETE FROM whatsapp_configs later USING whatsapp_configs earlier
    WHERE earlier.business_account_id = later.business_account_id
      AND (earlier.created_at, earlier.account_id) < (later.created_at, later.account_id)
    RETURNING later.account_id, later.business_account_id
  LOOP
    RAISE WARNING 'whatsapp: deleted the WhatsApp configuration of account % (WhatsApp Business Account % stays with the company that saved it first)',
      claim.account_id, claim.business_account_id;
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_configs_business_account_uq" ON "whatsapp_configs" USING btree ("business_account_id");
