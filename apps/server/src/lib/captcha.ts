import type { Challenge, Solution } from 'altcha-lib';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { captchaSolutions } from '../db/schema/index.js';

export type CaptchaResult = 'ok' | 'failed' | 'expired';
export interface Captcha {
  readonly provider: 'altcha' | 'turnstile' | 'off';
  readonly siteKey?: string;
  /** A fresh ALTCHA challenge (altcha only). */
  challenge(): Promise<unknown>;
  verify(token: string | undefined, ip: string): Promise<CaptchaResult>;
}

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * Records a solved challenge once; false when it was already recorded (a replay). The table is shared by
 * every process on the database (decision 0010); expired rows are swept on the way.
 */
async function firstUse(db: Db, nonce: string, now: Date): Promise<boolean> {
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
  const inserted = await db
    .insert(captchaSolutions)
    .values({ nonce, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
    .onConflictDoNothing()
    .returning({ nonce: captchaSolutions.nonce });
  return inserted.length === 1;
}

/** Self-hosted ALTCHA proof of work: signed challenges, single-use solutions (replays refused on any process). */
export function altchaCaptcha(secret: string, cost: number, db: Db): Captcha {
  return {
    provider: 'altcha',
    async challenge() {
      return createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        deriveKey,
        hmacSignatureSecret: secret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
    },
    async verify(token) {
      if (!token) return 'failed';
      let payload: { challenge: Challenge; solution: Solution };
      try {
        payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      } catch {
        return 'failed';
      }
      if (!payload?.challenge || !payload?.solution) return 'failed';
      try {
        const result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: secret });
        if (result.expired) return 'expired';
        if (!result.verified) return 'failed';
      } catch {
        return 'failed';
      }
      return (await firstUse(db, payload.challenge.parameters.nonce, new Date())) ? 'ok' : 'failed';
    },
  };
}

/** Cloudflare Turnstile: the token is checked with Cloudflare's siteverify call. */
export function turnstileCaptcha(siteKey: string, secretKey: string, verifyUrl = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'): Captcha {
  return {
    provider: 'turnstile',
    siteKey,
    async challenge() {
      throw new Error('turnstile issues its own challenges');
    },
    async verify(token, ip) {
      if (!token) return 'failed';
      try {
        const res = await fetch(verifyUrl, {
          method: 'POST',
          body: new URLSearchParams({ secret: secretKey, response: token, remoteip: ip }),
          signal: AbortSignal.timeout(5000),
        });
        const body = (await res.json()) as { success?: boolean; 'error-codes'?: string[] };
        if (body.success) return 'ok';
        return body['error-codes']?.includes('timeout-or-duplicate') ? 'expired' : 'failed';
      } catch {
        return 'failed';
      }
    },
  };
}

export const noCaptcha: Captcha = {
  provider: 'off',
  async challenge() {
    throw new Error('captcha is off');
  },
  async verify() {
    return 'ok';
  },
};
