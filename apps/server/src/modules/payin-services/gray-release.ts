import { eq } from 'drizzle-orm';
import type { GrayMerchantAnswer } from '@mbo/contracts/payin-services';
import type { DbOrTx } from '../../db/client';
import { merchants } from '../../db/schema';

/** @reads merchants (tables other modules own: db/table-owners.ts) */

/** POST isGrayMerchant: whether the active merchant is in the gray (early) release group (merchants.gray_release). */
export async function grayMerchantAnswer(db: DbOrTx, merchantId: string): Promise<GrayMerchantAnswer> {
  const [row] = await db
    .select({ gray: merchants.grayRelease })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  // The session's merchant always exists (sessions reference it); true is the client's own default.
  return { merchantGray: row?.gray ?? true };
}
