import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ApiError } from '@/lib/http/request';
import { renderWithState, testGlobalState } from '@/testing/render-with-state';
import { isNotFoundError } from './detail-not-found';
import { MAX_DETAIL_ID_LENGTH, useDetailId } from './use-detail-id';

function ShowId({ param }: { param: string }) {
  const id = useDetailId(param);
  return <output>{JSON.stringify(id)}</output>;
}

const idAt = (url: string, param = 'refundId') => {
  renderWithState(<ShowId param={param} />, testGlobalState(), url);
  const shown = JSON.parse(screen.getByRole('status').textContent ?? '{}') as unknown;
  cleanup();
  return shown;
};

afterEach(cleanup);

describe('useDetailId', () => {
  it('reads the id of its parameter from the query string, trimmed', () => {
    expect(idAt('/x?refundId=%20RFD1%20')).toEqual({ value: 'RFD1', valid: true });
    expect(idAt('/x?paymentId=PAY1&refundId=RFD2', 'paymentId')).toEqual({ value: 'PAY1', valid: true });
  });

  it('calls no id, a blank one or one longer than any record can have invalid', () => {
    expect(idAt('/x')).toEqual({ value: '', valid: false });
    expect(idAt('/x?refundId=%20%20')).toEqual({ value: '', valid: false });
    expect(idAt(`/x?refundId=${'A'.repeat(MAX_DETAIL_ID_LENGTH)}`)).toMatchObject({ valid: true });
    expect(idAt(`/x?refundId=${'A'.repeat(MAX_DETAIL_ID_LENGTH + 1)}`)).toMatchObject({ valid: false });
  });
});

describe('isNotFoundError', () => {
  it('is true for the two "no such record" answers only', () => {
    expect(isNotFoundError(new ApiError('Current page data not exists.', '002001B023', 200))).toBe(true);
    expect(isNotFoundError(new ApiError('Order not found.', '003001B022', 200))).toBe(true);
    expect(isNotFoundError(new ApiError('Permission denied.', '002001B024', 430))).toBe(false);
    expect(isNotFoundError(new Error('Order not found.'))).toBe(false);
    expect(isNotFoundError(undefined)).toBe(false);
  });
});
