import { describe, expect, it } from 'vitest';
import { kioskContactText, kioskOfflineSignedText } from './kiosk-offline.js';

describe('offline kiosk texts', () => {
  it('signs a contact as kiosk, device time and waiting punches, one a line', () => {
    expect(kioskContactText({ kioskId: 'K', deviceTime: 1700000000000, waiting: 3 })).toBe(
      'presente-kiosk-contact/1\nkiosk:K\ndevice-time:1700000000000\nwaiting:3',
    );
  });
  it('signs an offline mark with its own challenge, steps and times', () => {
    const m = { linkId: 'L', challengeId: 'C', kioskId: 'K', steps: 'left,smile', capturedAt: '2', contactAt: '1', frameDigests: ['a', 'b'] };
    expect(kioskOfflineSignedText({ ...m, frameTimes: '0,150' })).toBe(
      'presente-kiosk-offline-mark/1\nlink:L\nchallenge:C\nkiosk:K\nsteps:left,smile\ncaptured:2\ncontact:1\nframes:a,b\ntimes:0,150',
    );
    expect(kioskOfflineSignedText(m).endsWith('\nframes:a,b\ntimes:')).toBe(true);
  });
});
