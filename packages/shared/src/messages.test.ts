import { describe, expect, it } from 'vitest';
import { isPublicMessage, MESSAGES } from './messages.js';
import { emailChangeUndoInput, forgotPasswordInput, loginInput, registerInput, resetPasswordInput } from './schemas/auth.js';

/** Every message a schema gives for a battery of bad values in each field (empty, wrong type, too long, malformed). */
function messagesOf(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, fields: string[]): string[] {
  const bad: unknown[] = [undefined, '', 5, 'x', 'x'.repeat(300), 'no-es-un-correo', '12345678901', 'abc def', '+51 1'];
  const out = new Set<string>();
  for (const field of fields) {
    for (const value of bad) {
      const base = Object.fromEntries(fields.map((f) => [f, 'x']));
      for (const issue of schema.safeParse({ ...base, [field]: value }).error?.issues ?? []) out.add(issue.message);
    }
  }
  return [...out];
}

describe("the visitor's part of the catalogue", () => {
  it('holds every message the sign-in, registration and password-reset forms can show (else a visitor sees a raw key)', () => {
    const shown = [
      ...messagesOf(loginInput, ['email', 'password', 'turnstileToken']),
      ...messagesOf(registerInput, ['name', 'email', 'ruc', 'phone', 'country', 'timezone', 'adminName', 'adminEmail', 'password', 'confirmPassword']),
      ...messagesOf(forgotPasswordInput, ['email']),
      ...messagesOf(resetPasswordInput, ['token', 'newPassword', 'confirmPassword']),
      ...messagesOf(emailChangeUndoInput, ['token']),
    ];
    const keys = [...new Set(shown)].filter((m) => m in MESSAGES);
    expect(keys.length).toBeGreaterThan(15);
    expect(keys.filter((k) => !isPublicMessage(k))).toEqual([]);
  });

  it('is a small part of the whole', () => {
    expect(Object.keys(MESSAGES).filter(isPublicMessage).length / Object.keys(MESSAGES).length).toBeLessThan(0.4);
  });
});
