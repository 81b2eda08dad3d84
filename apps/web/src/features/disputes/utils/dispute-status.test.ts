import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { dueState as due, evidenceChecklist } from './dispute-status';

const words = i18n.getFixedT('en', 'disputes', 'due');
const dueState = (dueAt: string, now: number) => due(dueAt, words, now);

const NOW = Date.parse('2026-11-24T12:00:00Z');
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

describe('dueState', () => {
  it('counts down, highlights the last 3 days and marks overdue', () => {
    expect(dueState(at(24 * 5 + 3), NOW)).toEqual({
      label: 'Due in 5 days',
      countdown: '5 days 3 hours left',
      tone: 'normal',
    });
    expect(dueState(at(24 * 2 + 1), NOW)).toEqual({
      label: 'Due in 2 days',
      countdown: '2 days 1 hour left',
      tone: 'soon',
    });
    expect(dueState(at(5.5), NOW)).toEqual({
      label: 'Due in 5 hours',
      countdown: '5 hours 30 minutes left',
      tone: 'soon',
    });
    expect(dueState(at(-30), NOW)).toEqual({ label: 'Overdue by 1 day', countdown: 'Overdue', tone: 'overdue' });
    expect(dueState(at(-2), NOW).label).toBe('Overdue by 2 hours');
  });
});

describe('evidenceChecklist', () => {
  it('ticks an item by a file of its categories or by its text field', () => {
    const list = evidenceChecklist('PRODUCT_NOT_RECEIVED', { shippingTracking: 'DHL 1' }, [{ category: 'RECEIPT' }]);
    expect(list.map((e) => [e.item.label, e.done])).toEqual([
      ['Shipping carrier and tracking number', true],
      ['Proof of delivery (signature, photo, carrier confirmation)', false],
      ['Receipt or invoice', true],
      ['Communication in which the customer confirms receipt', false],
    ]);
    expect(evidenceChecklist('NO_SUCH_REASON', { explanation: '  ' }, []).every((e) => !e.done)).toBe(true);
  });
});
