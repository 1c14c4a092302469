import { describe, expect, it } from 'vitest';
import { kioskQrSignedText } from './qr-punch.js';

describe('kiosk QR request', () => {
  it('signs the kiosk, the location and the time, one a line', () => {
    expect(kioskQrSignedText({ kioskId: 'K', locationId: 'L', at: '1700000000000' })).toBe('presente-kiosk-qr/1\nkiosk:K\nlocation:L\nat:1700000000000');
  });
});
