import { describe, expect, it } from 'vitest';
import { linkSession, passwordProblem } from './passwordRules.ts';

describe('a new password', () => {
  it('needs 8 characters and the same text twice', () => {
    expect(passwordProblem('corta12', 'corta12')).toBe('app.auth.password_too_short');
    expect(passwordProblem('suficiente', 'suficientE')).toBe('app.auth.password_mismatch');
    expect(passwordProblem('suficiente', 'suficiente')).toBeNull();
  });
});

describe('the session of an email link', () => {
  it('reads the tokens and the link type from the fragment', () => {
    expect(linkSession('#access_token=a.b.c&expires_in=3600&refresh_token=r1&token_type=bearer&type=invite')).toEqual({
      access_token: 'a.b.c',
      refresh_token: 'r1',
      type: 'invite',
    });
  });

  it('reports a used or expired link, and nothing when the page was opened without one', () => {
    expect(linkSession('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toEqual({
      error: 'Email link is invalid or has expired',
    });
    expect(linkSession('')).toBeNull();
  });
});
