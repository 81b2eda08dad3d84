import { useSearchParams } from 'react-router';

/** The longest id a detail call takes (every contract's detail id is 1 to 64 characters). */
export const MAX_DETAIL_ID_LENGTH = 64;

export interface DetailId {
  /** The id from the URL, trimmed; '' when the URL has none. */
  value: string;
  /** True when the id is worth asking the server about; otherwise the page is "not found" at once. */
  valid: boolean;
}

/** The record id of a detail page from its query string (`?refundId=RFD…` → `useDetailId('refundId')`). */
export function useDetailId(param: string): DetailId {
  const [params] = useSearchParams();
  const value = (params.get(param) ?? '').trim();
  return { value, valid: value.length > 0 && value.length <= MAX_DETAIL_ID_LENGTH };
}
