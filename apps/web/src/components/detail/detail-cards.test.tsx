import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithState } from '@/testing/render-with-state';
import { CopyableText, DetailCard, DetailFigures, DetailTime } from './detail-cards';

afterEach(cleanup);

/** The value beside a label of a facts list. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('DetailCard facts', () => {
  it('lays out label/value rows in the shared grid, leaving out falsy rows and dashing empty values', () => {
    renderWithState(
      <DetailCard
        title="Facts"
        facts={[['Name', 'Jane'], ['Email', ''], ['Country', null], false, null, ['Note', <em>kept</em>]]}
      />,
    );
    const list = screen.getByText('Name', { selector: 'dt' }).parentElement!;
    expect(list.tagName).toBe('DL');
    expect(list.className).toBe('mbo-facts');
    expect([...list.children].map((el) => `${el.tagName}:${el.textContent}`)).toEqual([
      'DT:Name',
      'DD:Jane',
      'DT:Email',
      'DD:—',
      'DT:Country',
      'DD:—',
      'DT:Note',
      'DD:kept',
    ]);
  });

  it('names the zone of its times in the corner when asked, unless it has its own corner', () => {
    renderWithState(
      <>
        <DetailCard title="Times" zone facts={[['At', <DetailTime iso="2026-05-02T03:04:05.000Z" />]]} />
        <DetailCard title="Other" zone extra={<a href="#x">More</a>} />
      </>,
    );
    expect(screen.getByText(/^Asia\/Singapore \(GMT\+08:00\)$/)).toBeTruthy(); // once: the second card shows its own corner
    expect(valueOf('At')?.textContent).toBe('2026-05-02 11:04:05');
    expect(screen.getByRole('link', { name: 'More' })).toBeTruthy();
  });
});

describe('DetailTime', () => {
  it('is a dash without a time', () => {
    renderWithState(<DetailCard title="T" facts={[['Finished', <DetailTime iso={null} />]]} />);
    expect(valueOf('Finished')?.textContent).toBe('—');
  });

  it('names its zone itself in a card that does not name it, and leaves it to a card that does', () => {
    renderWithState(
      <>
        <DetailCard title="Payment" facts={[['Paid', <DetailTime iso="2026-05-02T03:04:05.000Z" />]]} />
        <DetailCard title="Refund" zone facts={[['Created', <DetailTime iso="2026-05-02T03:04:05.000Z" />]]} />
      </>,
    );
    expect(valueOf('Paid')?.textContent).toBe('2026-05-02 11:04:05 GMT+08:00');
    expect(valueOf('Created')?.textContent).toBe('2026-05-02 11:04:05');
  });
});

describe('CopyableText', () => {
  it('has a copy button named after what it copies, and may show something else than the text', () => {
    renderWithState(
      <>
        <CopyableText text="ORD-1" label="merchant order no." />
        <CopyableText text="PAY1" label="payment ID" mono>
          <a href="#pay1">Payment PAY1</a>
        </CopyableText>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Copy merchant order no.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy payment ID' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Payment PAY1' }).parentElement?.className).toContain('mbo-detail-mono');
  });
});

describe('DetailFigures', () => {
  it('shows each figure as label, value and its note', () => {
    renderWithState(
      <DetailFigures
        figures={[
          { label: 'Gross', value: '10.00\u00a0EUR' },
          { label: 'Fee', value: '0.30\u00a0EUR', note: '2.90 %' },
        ]}
      />,
    );
    const fee = screen.getByText('Fee', { selector: 'dt' }).parentElement!;
    expect([...fee.children].map((el) => el.textContent)).toEqual(['Fee', '0.30\u00a0EUR', '2.90 %']);
    expect(screen.getByText('Gross', { selector: 'dt' }).parentElement!.children).toHaveLength(2);
  });
});
