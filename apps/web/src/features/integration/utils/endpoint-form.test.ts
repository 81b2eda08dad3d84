import { describe, expect, it } from 'vitest';
import {
  createWebhookEndpointRequest,
  updateWebhookEndpointRequest,
  webhookUrl,
} from '@mbo/contracts/integration-schemas';
import { i18n } from '@/i18n/i18n';
import { ORDERS } from './integration-fixtures';
import {
  EMPTY_ENDPOINT_FORM,
  endpointFormErrors,
  endpointFormValues,
  toCreateRequest,
  toUpdateRequest,
  webhookUrlError,
} from './endpoint-form';

const URLS = [
  '',
  '   ',
  'example.com/hook',
  'ftp://example.com/hook',
  'https://',
  'https://user:pw@example.com/hook',
  'mailto:a@b.c',
  'http://example.com/hook',
  'http://localhost:3000/hook',
  'http://127.0.0.1/hook',
  'http://[::1]:8080/',
  'https://example.com/webhooks',
  ' https://example.com/with-spaces-around ',
  `https://example.com/${'a'.repeat(1990)}`,
  `https://example.com/${'a'.repeat(2000)}`,
];

const t = i18n.getFixedT('en', 'integration');

describe('the endpoint form', () => {
  it('says what is wrong with a URL', () => {
    expect(webhookUrlError('', t)).toBe('Enter the URL of your endpoint.');
    expect(webhookUrlError('example.com/hook', t)).toMatch(/full URL/);
    expect(webhookUrlError('ftp://example.com/hook', t)).toMatch(/full URL/);
    expect(webhookUrlError('https://user:pw@example.com/hook', t)).toMatch(/user name and password/);
    expect(webhookUrlError('http://example.com/hook', t)).toMatch(/Use https:\/\//);
    expect(webhookUrlError(`https://example.com/${'a'.repeat(2000)}`, t)).toMatch(/2,000/);
    expect(webhookUrlError('http://localhost:3000/hook', t)).toBeNull();
    expect(webhookUrlError('http://[::1]:8080/', t)).toBeNull();
    expect(webhookUrlError('https://example.com/webhooks', t)).toBeNull();
  });

  it('accepts no URL the contract refuses (and refuses plain http beyond localhost, as the server does)', () => {
    for (const url of URLS) {
      const formOk = webhookUrlError(url, t) === null;
      const contractOk = webhookUrl.safeParse(url).success;
      if (formOk) expect(contractOk, url).toBe(true);
      if (!contractOk) expect(formOk, url).toBe(false);
    }
    expect(webhookUrl.safeParse('http://example.com/hook').success).toBe(true);
    expect(webhookUrlError('http://example.com/hook', t)).not.toBeNull();
  });

  it('needs at least one event and a description of at most 200 characters', () => {
    expect(endpointFormErrors(EMPTY_ENDPOINT_FORM, t)).toEqual({
      url: 'Enter the URL of your endpoint.',
      eventTypes: 'Choose at least one event.',
    });
    const errors = endpointFormErrors(
      {
        ...EMPTY_ENDPOINT_FORM,
        url: 'https://example.com/h',
        eventTypes: ['payment.failed'],
        description: 'x'.repeat(201),
      },
      t,
    );
    expect(errors).toEqual({ description: 'A description has at most 200 characters.' });
  });

  it('builds requests the contract accepts: trimmed, no empty description on create, null to clear it on update', () => {
    const values = {
      url: ' https://example.com/h ',
      description: '  ',
      eventTypes: ['payment.failed' as const],
      enabled: false,
    };
    const create = toCreateRequest(values);
    expect(create).toEqual({ url: 'https://example.com/h', eventTypes: ['payment.failed'], enabled: false });
    expect(createWebhookEndpointRequest.safeParse(create).success).toBe(true);
    const update = toUpdateRequest(ORDERS.endpointId, values);
    expect(update).toEqual({
      endpointId: ORDERS.endpointId,
      url: 'https://example.com/h',
      description: null,
      eventTypes: ['payment.failed'],
      enabled: false,
    });
    expect(updateWebhookEndpointRequest.safeParse(update).success).toBe(true);
  });

  it('starts an edit from the endpoint', () => {
    expect(endpointFormValues(ORDERS)).toEqual({
      url: ORDERS.url,
      description: 'Order service',
      eventTypes: ORDERS.eventTypes,
      enabled: true,
    });
  });
});
