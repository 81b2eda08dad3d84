import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useGlobalState } from '@/lib/global-state';
import { merchantOptions } from './merchant-switcher';

/** The query parameter of a link that names the merchant its page belongs to. */
export const LINKED_MERCHANT_PARAM = 'merchantId';

/** Switches the session to a merchant, then opens `returnTo` (replacing the entry); false when it could not. */
export type SwitchTo = (merchantId: string, merchantName: string, returnTo: string) => Promise<boolean>;

/**
 * A link that names its merchant (`?merchantId=`: a scheduled report mailed to a member of the parent merchant
 * about a sub-merchant's export) opens its page in that merchant: the session switches to it, as from the header,
 * then the page opens without the parameter. A link to the current merchant, or to one the user may not act for,
 * opens the page as it is (the parameter dropped): the page then says what it cannot show. True while the switch
 * is pending, so the page does not render (and call) in the merchant it is leaving.
 */
export function useLinkedMerchant(switchTo: SwitchTo): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, subMerchantList } = useGlobalState();
  const linked = new URLSearchParams(location.search).get(LINKED_MERCHANT_PARAM);
  const target =
    linked && user && linked !== user.merchantId
      ? merchantOptions(subMerchantList, {
          merchantId: user.homeMerchantId,
          merchantName: user.homeMerchantName,
        }).find((m) => m.value === linked)
      : undefined;
  const targetId = target?.value;
  const targetName = target?.label ?? '';
  // One switch per link (effects run twice in development).
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!linked) return;
    const rest = new URLSearchParams(location.search);
    rest.delete(LINKED_MERCHANT_PARAM);
    const query = rest.toString();
    const page = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
    if (!targetId) {
      navigate(page, { replace: true });
      return;
    }
    const key = `${location.key}:${targetId}`;
    if (started.current === key) return;
    started.current = key;
    void switchTo(targetId, targetName, page).then((switched) => {
      if (!switched) navigate(page, { replace: true });
    });
  }, [linked, targetId, targetName, location, navigate, switchTo]);

  return target !== undefined;
}
