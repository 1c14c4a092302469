import { describe, expect, it } from 'vitest';
import {
  attendanceLinkInput,
  FACE_NOTICE_PHOTO_VERSION,
  FACE_NOTICE_VERSION,
  faceNoticeVersion,
  faceSettingsInput,
  kioskSignedText,
  normalizePairingCode,
} from './face.js';
import { issuesOf, parsed } from './test-helpers.js';

describe('face attendance link', () => {
  const link = (expiresAt: unknown) => attendanceLinkInput.safeParse({ name: 'Entrada', expiresAt });
  it('reads an absent or blank expiry as never', () => {
    expect(parsed(link(undefined)).expiresAt).toBeNull();
    expect(parsed(link('  ')).expiresAt).toBeNull();
    expect(parsed(link(null)).expiresAt).toBeNull();
  });
  it('takes a day or an instant as the expiry', () => {
    expect(parsed(link('2026-12-31')).expiresAt).toBe('2026-12-31');
    expect(parsed(link(' 2026-12-31T23:59:00-05:00 ')).expiresAt).toBe('2026-12-31T23:59:00-05:00');
  });
  it('refuses a day or instant that does not exist, and one outside the years with its own message', () => {
    expect(issuesOf(link('2026-02-30'))).toEqual([{ path: 'expiresAt', message: 'faceLink.expiryInvalid' }]);
    expect(issuesOf(link('2026-02-30T10:00Z'))).toEqual([{ path: 'expiresAt', message: 'faceLink.expiryInvalid' }]);
    expect(issuesOf(link('mañana'))).toEqual([{ path: 'expiresAt', message: 'faceLink.expiryInvalid' }]);
    expect(issuesOf(link('2101-01-01'))).toEqual([{ path: 'expiresAt', message: 'validation.dateOutOfRange' }]);
    expect(issuesOf(link('2101-01-01T00:00Z'))).toEqual([{ path: 'expiresAt', message: 'validation.dateOutOfRange' }]);
  });
});

describe('face settings', () => {
  const settings = (matchThreshold: unknown) => faceSettingsInput.safeParse({ matchThreshold, keepEnrolmentPhotos: false });
  it('accepts a threshold from 0.45 to 0.55 in hundredths', () => {
    expect(parsed(settings(0.45)).matchThreshold).toBe(0.45);
    expect(parsed(settings('0.55')).matchThreshold).toBe(0.55);
    expect(parsed(settings(0.5)).matchThreshold).toBe(0.5);
  });
  it('refuses a threshold outside the range or between hundredths', () => {
    expect(issuesOf(settings(0.44))).toEqual([{ path: 'matchThreshold', message: 'faceSettings.thresholdRange' }]);
    expect(issuesOf(settings(0.56))).toEqual([{ path: 'matchThreshold', message: 'faceSettings.thresholdRange' }]);
    expect(issuesOf(settings(0.505))).toEqual([{ path: 'matchThreshold', message: 'faceSettings.thresholdRange' }]);
    expect(issuesOf(settings(0.50001))).toEqual([{ path: 'matchThreshold', message: 'faceSettings.thresholdRange' }]);
  });
});

describe('kiosk texts', () => {
  it('needs the photo notice when the company keeps enrolment photos', () => {
    expect(faceNoticeVersion(true)).toBe(FACE_NOTICE_PHOTO_VERSION);
    expect(faceNoticeVersion(false)).toBe(FACE_NOTICE_VERSION);
  });
  it('signs a mark as link, nonce, kiosk, frames and times, one a line', () => {
    const m = { linkId: 'L', challengeId: 'C', kioskId: 'K', frameDigests: ['a1', 'b2'] };
    expect(kioskSignedText({ ...m, frameTimes: '0,160' })).toBe('presente-kiosk-mark/1\nlink:L\nnonce:C\nkiosk:K\nframes:a1,b2\ntimes:0,160');
    expect(kioskSignedText(m)).toBe('presente-kiosk-mark/1\nlink:L\nnonce:C\nkiosk:K\nframes:a1,b2\ntimes:');
  });
  it('reads a pairing code as typed: upper case, without spaces and dashes', () => {
    expect(normalizePairingCode(' ab-cd 23-4x ')).toBe('ABCD234X');
  });
});
