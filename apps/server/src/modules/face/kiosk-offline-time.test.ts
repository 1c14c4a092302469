/**
 * The offline punch's pure rules (decision 0075) at their exact edges: the kiosk's own steps, the capture time counted
 * from a contact the server saw, the contacts kept, and the review of a late capture. kiosk-offline.test.ts drives them through the API on both databases; here
 * each limit is met and passed by one millisecond, so a `<` read as `<=` (or a limit moved) fails a test.
 */
import { OFFLINE_PUNCH } from '@presente/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { nextContacts, offlineCaptureTime, offlineKeyOf, offlineReviewReasons, offlineSteps } from './kiosk-offline.service.js';

const H = 3_600_000;
const { maxAgeMs, futureSlackMs, maxContacts, reviewAfterMinutes } = OFFLINE_PUNCH;

/** The refusal's `why`, or 'ok' with the capture time on the server's clock. */
function judge(contacts: { d: number; s: number }[], capturedAt: number, contactAt: number, now: number): string | number {
  try {
    return offlineCaptureTime(contacts, capturedAt, contactAt, now).at;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    expect(err.code).toBe('offline_capture_time');
    expect(err.messageKey).toBe('kiosk.offlineCaptureTime');
    return String((err.params as { why?: string }).why);
  }
}

describe('offlineCaptureTime', () => {
  const now = 1_800_000_000_000;
  // The kiosk's clock is 10 minutes behind the server's: its contact at d was seen by the server at s = d + 10 min.
  const d = now - 3 * H - 10 * 60_000;
  const s = now - 3 * H;

  it('counts the capture time from the contact: s + (capturedAt - d), never the kiosk clock itself', () => {
    expect(judge([{ d, s }], d + 5 * 60_000, d, now)).toBe(s + 5 * 60_000);
    const { contact } = offlineCaptureTime(
      [
        { d: d - H, s: s - H },
        { d, s },
      ],
      d + 1,
      d,
      now,
    );
    expect(contact).toEqual({ d, s });
  });

  it('refuses a contact the server never saw, or one it no longer keeps', () => {
    expect(judge([{ d, s }], d + 1000, d + 1, now)).toBe('unknown_contact');
    expect(judge([], d + 1000, d, now)).toBe('unknown_contact');
    // Contacts are kept 24 h and one more hour; a capture counted from an older one could not be judged.
    const old = now - maxAgeMs - H;
    expect(judge([{ d: old, s: old }], old + 1, old, now)).toBe('too_old');
    expect(judge([{ d: old - 1, s: old - 1 }], old, old - 1, now)).toBe('unknown_contact');
  });

  it('refuses a capture before its contact, to the millisecond', () => {
    expect(judge([{ d, s }], d, d, now)).toBe(s);
    expect(judge([{ d, s }], d - 1, d, now)).toBe('before_contact');
  });

  it('refuses a capture more than the slack after the upload, to the millisecond', () => {
    const contacts = [{ d: now - H, s: now - H }];
    expect(judge(contacts, now + futureSlackMs, now - H, now)).toBe(now + futureSlackMs);
    expect(judge(contacts, now + futureSlackMs + 1, now - H, now)).toBe('future');
  });

  it('refuses a capture older than 24 h at the upload, to the millisecond', () => {
    const c = { d: now - maxAgeMs - 60_000, s: now - maxAgeMs - 60_000 };
    expect(judge([c], now - maxAgeMs, c.d, now)).toBe(now - maxAgeMs);
    expect(judge([c], now - maxAgeMs - 1, c.d, now)).toBe('too_old');
  });

  it('refuses a capture after a later contact of the kiosk (it was online then), with the slack for a contact just before', () => {
    const later = (ls: number) => [
      { d, s },
      { d: d + 99, s: ls },
    ];
    const capturedAt = d + H; // at = s + 1 h
    const at = s + H;
    expect(judge(later(at - futureSlackMs - 1), capturedAt, d, now)).toBe('online_then');
    // A contact within the slack before the capture (the kiosk went offline right after it) does not count.
    expect(judge(later(at - futureSlackMs), capturedAt, d, now)).toBe(at);
    // Nor one at the same server time as the named contact, nor one before it.
    expect(judge(later(s), capturedAt, d, now)).toBe(at);
    expect(judge(later(s - 1), capturedAt, d, now)).toBe(at);
  });
});

describe('nextContacts', () => {
  const now = 1_800_000_000_000;

  it('adds the contact as seen now, refuses a kiosk time it already named, keeps the newest 400', () => {
    expect(nextContacts([], 5, now)).toEqual([{ d: 5, s: now }]);
    expect(() => nextContacts([{ d: 5, s: now - 1000 }], 5, now)).toThrow(
      expect.objectContaining({ code: 'kiosk_contact_stale', messageKey: 'kiosk.contactStale' }),
    );
    const full = Array.from({ length: maxContacts }, (_, i) => ({ d: i, s: now - (maxContacts - i) * 1000 }));
    const kept = nextContacts(full, maxContacts, now);
    expect(kept).toHaveLength(maxContacts);
    expect(kept[0]).toEqual({ d: 1, s: now - (maxContacts - 1) * 1000 });
    expect(kept.at(-1)).toEqual({ d: maxContacts, s: now });
  });

  it('forgets contacts older than 24 h and one hour, to the millisecond (their kiosk time may come again)', () => {
    const edge = now - maxAgeMs - H;
    expect(nextContacts([{ d: 1, s: edge }], 2, now)).toEqual([
      { d: 1, s: edge },
      { d: 2, s: now },
    ]);
    expect(nextContacts([{ d: 1, s: edge - 1 }], 1, now)).toEqual([{ d: 1, s: now }]);
  });
});

describe('offlineReviewReasons', () => {
  const contact = { d: 0, s: 1_800_000_000_000 };
  const after = (minutes: number) => contact.s + minutes * 60_000;

  it('sends a punch captured more than 120 minutes after its contact to review, with the minutes and the limit', () => {
    expect(offlineReviewReasons(after(reviewAfterMinutes), contact)).toEqual([]);
    expect(offlineReviewReasons(after(reviewAfterMinutes + 1), contact)).toEqual([
      { code: 'offline_late', value: reviewAfterMinutes + 1, limit: reviewAfterMinutes },
    ]);
    // Rounded to the minute: 120.4 minutes is 120, 120.5 is 121.
    expect(offlineReviewReasons(after(reviewAfterMinutes + 0.4), contact)).toEqual([]);
    expect(offlineReviewReasons(after(reviewAfterMinutes + 0.5), contact)).toHaveLength(1);
    expect(offlineReviewReasons(after(0), contact)).toEqual([]);
  });
});

describe('offlineSteps', () => {
  it('takes 3 or 4 distinct steps of the online vocabulary with one a photo cannot do', () => {
    expect(offlineSteps('left,smile,right')).toEqual(['left', 'smile', 'right']);
    expect(offlineSteps('mouth,left,smile,right')).toEqual(['mouth', 'left', 'smile', 'right']);
  });

  it.each([
    ['two steps', 'left,smile'],
    ['five steps', 'left,smile,right,mouth,left'],
    ['a step twice', 'left,smile,left'],
    ['only head turns', 'left,right,left'],
    ['a step the online challenge does not draw (a nod)', 'left,smile,up'],
    ['a blink (no iris model)', 'left,blink,right'],
    ['nothing', ''],
  ])('refuses %s', (_what, text) => {
    expect(() => offlineSteps(text)).toThrow(expect.objectContaining({ code: 'challenge_invalid', messageKey: 'kiosk.offlineChallengeInvalid' }));
  });
});

describe('offlineKeyOf', () => {
  it('is 32 bytes, the same for one kiosk and secret, different for another kiosk or secret', () => {
    const a = offlineKeyOf('secret-1', 'kiosk-a');
    expect(a).toHaveLength(32);
    expect(offlineKeyOf('secret-1', 'kiosk-a').equals(a)).toBe(true);
    expect(offlineKeyOf('secret-1', 'kiosk-b').equals(a)).toBe(false);
    expect(offlineKeyOf('secret-2', 'kiosk-a').equals(a)).toBe(false);
  });

  it('stays the same from one release to the next: a queue sealed before an upgrade still opens after it', () => {
    // HKDF-SHA256(secret, salt 'presente', info 'kiosk-offline-queue:<kiosk id>', 32 bytes), computed once and pinned.
    expect(offlineKeyOf('secret-1', 'kiosk-a').toString('hex')).toBe('5a58d33d4b3c291da4ffb29ed3651893ac52464d5b971d33f139ccf2c95b4372');
  });
});
