import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('scores 4 characters or fewer as 0', () => {
    expect(passwordStrength('')).toEqual({ score: 0, level: 'risky' });
    expect(passwordStrength('A1!b')).toEqual({ score: 0, level: 'risky' });
  });
  it.each(['123456', 'qwerty', 'password', '12345678', '1q2w3e', 'iloveyou', 'PassWord', 'QWERTY'])(
    'scores the common password %s as 0',
    (pw) => {
      expect(passwordStrength(pw).score).toBe(0);
    },
  );
  it('gives a point per character-class combination', () => {
    expect(passwordStrength('abcde').score).toBe(0);
    expect(passwordStrength('abc12').score).toBe(1); // letters + digits
    expect(passwordStrength('abcDE').score).toBe(1); // upper + lower
    expect(passwordStrength('abc!!').score).toBe(1); // special with letters
    expect(passwordStrength('!!!!!').score).toBe(0); // special alone
    expect(passwordStrength('aB1!x').score).toBe(3);
  });
  it('adds length points at > 8, > 12 and > 20', () => {
    expect(passwordStrength('abcdefgh').score).toBe(0); // exactly 8
    expect(passwordStrength('abcdefghi').score).toBe(1); // 9
    expect(passwordStrength('abcdefghijkl').score).toBe(1); // exactly 12
    expect(passwordStrength('abcdefghijklm').score).toBe(2); // 13
    expect(passwordStrength('abcdefghijklmnopqrst').score).toBe(2); // exactly 20
    expect(passwordStrength('abcdefghijklmnopqrstu').score).toBe(3); // 21
  });
  it('drops the long-length bonus for a run of 5 equal characters', () => {
    expect(passwordStrength('abcdeaaaaafgh').score).toBe(1); // 13 with a run → only the > 8 point
    expect(passwordStrength('abcdeaaaafghi').score).toBe(2); // run of 4 is fine
    expect(passwordStrength('aaaaaaaaaaaaaaaaaaaaaa').score).toBe(1);
  });
  it('caps at 4 and names the levels', () => {
    expect(passwordStrength('Correct-Horse-Battery-9')).toEqual({ score: 4, level: 'secure' });
    expect(passwordStrength('abcdefghi1')).toEqual({ score: 2, level: 'weak' });
    expect(passwordStrength('Abcdefghi1')).toEqual({ score: 3, level: 'safe' });
    expect(passwordStrength('abcdefghi')).toEqual({ score: 1, level: 'guessable' });
  });
});
