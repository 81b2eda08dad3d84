import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { initTestI18n } from '@/i18n/testing';
import { renderWithState } from '@/testing/render-with-state';
import { PAST_DUE_AGREEMENT } from '../utils/agreement-fixtures';
import { AgreementNotice, AgreementTotalsCard } from './agreement-detail-cards';
import { AgreementStatusTag } from './agreement-status-tag';

afterEach(() => {
  cleanup();
  initTestI18n('en');
});

describe('an agreement in Simplified Chinese', () => {
  it('shows its status, notice and retry schedule in Chinese', () => {
    initTestI18n('zh-CN');
    renderWithState(
      <>
        <AgreementStatusTag agreement={PAST_DUE_AGREEMENT} />
        <AgreementNotice agreement={PAST_DUE_AGREEMENT} />
        <AgreementTotalsCard agreement={PAST_DUE_AGREEMENT} />
      </>,
    );
    expect(screen.getByText('逾期未付')).toBeTruthy();
    expect(screen.getByText(/将在到期后第 1、3 和 7 天重试/)).toBeTruthy();
    expect(screen.getByText('累计收款')).toBeTruthy();
    expect(screen.getByRole('list', { name: '重试计划' })).toBeTruthy();
  });
});
