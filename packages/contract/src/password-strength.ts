/** Password strength score 0–4 of spec 1 §5, with its level names. */

export const PASSWORD_STRENGTH_LEVELS = ['risky', 'guessable', 'weak', 'safe', 'secure'] as const;
export type PasswordStrengthLevel = (typeof PASSWORD_STRENGTH_LEVELS)[number];

/** Passwords that score 0 whatever their shape (compared case-insensitively). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '123123',
  '123321',
  '654321',
  '987654321',
  '111111',
  '000000',
  '121212',
  '666666',
  '7777777',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qazwsx',
  '1qaz2wsx',
  'zaq12wsx',
  '1q2w3e',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'iloveyou',
  'iloveyou1',
  'iloveu',
  'loveyou',
  'abc123',
  'admin',
  'admin123',
  'letmein',
  'welcome',
  'welcome1',
  'monkey',
  'dragon',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'master',
  'shadow',
  'trustno1',
]);

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  level: PasswordStrengthLevel;
}

/** True when the text has a run of `n` or more equal characters in a row. */
function hasRun(chars: readonly string[], n: number): boolean {
  let run = 1;
  for (let i = 1; i < chars.length; i++) {
    run = chars[i] === chars[i - 1] ? run + 1 : 1;
    if (run >= n) return true;
  }
  return false;
}

/**
 * Scores a password: ≤ 4 characters or a common password → 0; otherwise a point for letters with
 * digits, one for upper plus lower case, one for a special character combined with another class,
 * and length points (> 8: 1; > 12 without a run of 5 equal characters: 2; > 20, same: 3); cap 4.
 */
export function passwordStrength(password: string): PasswordStrength {
  const chars = [...password];
  let score = 0;
  if (chars.length > 4 && !COMMON_PASSWORDS.has(password.toLowerCase())) {
    const letters = /\p{L}/u.test(password);
    const digits = /\p{N}/u.test(password);
    const special = /[^\p{L}\p{N}]/u.test(password);
    if (letters && digits) score += 1;
    if (/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password)) score += 1;
    if (special && (letters || digits)) score += 1;
    const runs = hasRun(chars, 5);
    if (chars.length > 20 && !runs) score += 3;
    else if (chars.length > 12 && !runs) score += 2;
    else if (chars.length > 8) score += 1;
  }
  const capped = Math.min(score, 4) as PasswordStrength['score'];
  return { score: capped, level: PASSWORD_STRENGTH_LEVELS[capped] };
}
