import { describe, expect, it } from 'vitest';
import { issuesOf } from './test-helpers.js';
import { webhookEndpointInput } from './webhooks.js';

const endpoint = (url: string) => issuesOf(webhookEndpointInput.safeParse({ url, events: ['attendance.recorded'] }));

describe('webhook endpoint address', () => {
  it('accepts an https or http address', () => {
    expect(endpoint('https://erp.example.com/hooks/presente')).toEqual([]);
    expect(endpoint(' http://10.0.0.5:8080/in ')).toEqual([]);
  });
  it('refuses another scheme, credentials in the address and text that is no address', () => {
    expect(endpoint('ftp://erp.example.com/in')).toEqual([{ path: 'url', message: 'webhook.urlInvalid' }]);
    expect(endpoint('https://user@erp.example.com/in')).toEqual([{ path: 'url', message: 'webhook.urlInvalid' }]);
    expect(endpoint('https://:secret@erp.example.com/in')).toEqual([{ path: 'url', message: 'webhook.urlInvalid' }]);
    expect(endpoint('erp.example.com/in')).toEqual([{ path: 'url', message: 'webhook.urlInvalid' }]);
  });
});
