import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { ArrowLeftOutlined, CloseOutlined, RollbackOutlined } from '@ant-design/icons';
import { renderWithTestAntd } from '@/testing/test-antd';
import { installIconNameHiding } from './icon-names';

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  cleanup();
});

describe('installIconNameHiding', () => {
  it('keeps icon names out of the names of controls that have words, now and when rendered later', async () => {
    renderWithTestAntd(<Button icon={<RollbackOutlined />}>Refund</Button>);
    uninstall = installIconNameHiding(document.body);
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();

    renderWithTestAntd(
      <a href="/transactions/payments">
        <ArrowLeftOutlined />
        Payments
      </a>,
    );
    await waitFor(() => expect(screen.getByRole('link', { name: 'Payments' })).toBeTruthy());
  });

  it('leaves the icon name of an icon-only control, its only name', async () => {
    uninstall = installIconNameHiding(document.body);
    renderWithTestAntd(<Button icon={<CloseOutlined />} />);
    renderWithTestAntd(<Button icon={<CloseOutlined />} aria-label="Close the panel" />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close the panel' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'close' })).toBeTruthy();
  });

  it('hides the icon once words arrive in a control that had none', async () => {
    uninstall = installIconNameHiding(document.body);
    const { rerender } = renderWithTestAntd(<Button icon={<RollbackOutlined />} />);
    expect(screen.getByRole('button', { name: 'rollback' })).toBeTruthy();
    rerender(<Button icon={<RollbackOutlined />}>Refund</Button>);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy());
  });
});
