import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { initTestI18n } from '@/i18n/testing';
import { renderWithState } from '@/testing/render-with-state';
import { BatchProgressBar } from './batch-progress';
import { BatchStatusTag } from './payout-tables';

afterEach(() => {
  cleanup();
  initTestI18n('en');
});

describe('a payout batch in Simplified Chinese', () => {
  it('writes its progress and status in Chinese', () => {
    initTestI18n('zh-CN');
    renderWithState(
      <>
        <BatchStatusTag status="PARTIALLY_FAILED" />
        <BatchProgressBar
          counts={{ PENDING_APPROVAL: 0, PENDING: 1, PROCESSING: 0, SUCCESS: 7, FAILED: 2, CANCELLED: 0 }}
          rowCount={10}
        />
      </>,
    );
    expect(screen.getByText('部分失败')).toBeTruthy();
    expect(screen.getByText('7 笔已付款')).toBeTruthy();
    expect(screen.getByRole('img', { name: '共 10 笔付款：7 笔已付款，2 笔失败，1 笔处理中' })).toBeTruthy();
  });
});
