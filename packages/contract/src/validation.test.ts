import { describe, expect, it } from 'vitest';
import {
  isDeleteConfirmed,
  isValidPassword,
  parseRules,
  validate,
  validateForm,
  validatePhoto,
} from './validation';

describe('parseRules', () => {
  it('reads pipe text with colon parameters', () => {
    expect(parseRules('required|minLength:8|equals:password')).toEqual([
      { rule: 'required' },
      { rule: 'minLength', param: 8 },
      { rule: 'equals', param: 'password' },
    ]);
  });
  it('accepts objects and text mixed', () => {
    expect(parseRules(['required', { rule: 'maxValue', param: 5 }])).toEqual([
      { rule: 'required' },
      { rule: 'maxValue', param: 5 },
    ]);
  });
  it('rejects unknown rules', () => {
    expect(() => parseRules('required|nope')).toThrow(/nope/);
  });
});

describe('validate', () => {
  it('stops at the first failing rule', () => {
    expect(validate('', 'required|email')?.key).toBe('validation.required');
    expect(validate('a@b', 'required|email')?.key).toBe('validation.email');
    expect(validate('ada@example.com', 'required|email')).toBeNull();
  });
  it('treats blank text, empty lists and unchecked boxes as empty', () => {
    expect(validate('   ', 'required')?.rule).toBe('required');
    expect(validate([], 'required')?.rule).toBe('required');
    expect(validate(false, 'required')?.rule).toBe('required');
    expect(validate(0, 'required')).toBeNull();
  });
  it('skips optional empty values for other rules', () => {
    expect(validate('', 'email|minLength:3')).toBeNull();
    expect(validate(undefined, 'password')).toBeNull();
  });
  it('carries the bound in the message params', () => {
    expect(validate('abc', 'minLength:8')).toEqual({
      rule: 'minLength',
      key: 'validation.min_length',
      params: { min: 8 },
    });
    expect(validate('abcdef', 'maxLength:5')?.params).toEqual({ max: 5 });
    expect(validate(3, 'minValue:5')?.params).toEqual({ min: 5 });
    expect(validate('11', 'maxValue:10')?.key).toBe('validation.max_value');
    expect(validate('10', 'maxValue:10')).toBeNull();
    expect(validate('5', 'minValue:5')).toBeNull();
  });
  it('checks numbers', () => {
    expect(validate('12', 'integer')).toBeNull();
    expect(validate('1.5', 'integer')?.rule).toBe('integer');
    expect(validate('1.5', 'decimal')).toBeNull();
    expect(validate('-0.25', 'decimal')).toBeNull();
    expect(validate('1e3x', 'decimal')?.rule).toBe('decimal');
    expect(validate('abc', 'minValue:1')?.rule).toBe('minValue');
  });
  it('compares with another field and honours a custom message', () => {
    const values = { password: 'Secret1!', repeat: 'Secret1?' };
    const spec = [{ rule: 'equals' as const, param: 'password', message: 'login.passwords_must_be_same' }];
    expect(validate(values.repeat, spec, values)?.key).toBe('login.passwords_must_be_same');
    expect(validate('Secret1!', spec, values)).toBeNull();
  });
});

describe('validateForm', () => {
  it('validates every field at once', () => {
    const errors = validateForm(
      { name: '', email: 'x', age: '3' },
      { name: 'required', email: 'required|email', age: 'integer|minValue:1' },
    );
    expect(Object.keys(errors).sort()).toEqual(['email', 'name']);
    expect(errors.email?.key).toBe('validation.email');
  });
});

describe('password rule', () => {
  it.each([
    ['abc1!def', true],
    ['abcdefg!', false],
    ['12345678!', false],
    ['abcd1234', false],
    ['ab1!', false],
    ['Çalışma1!', true],
    ['a1 bcdefg', false],
  ])('%s → %s', (pw, ok) => {
    expect(isValidPassword(pw)).toBe(ok);
    expect(validate(pw, 'password') === null).toBe(ok);
  });
  it('uses the validation.password key', () => {
    expect(validate('short', 'password')?.key).toBe('validation.password');
  });
});

describe('photo limits', () => {
  it('accepts png/jpg/jpeg up to 256 KB', () => {
    expect(validatePhoto({ name: 'me.PNG', type: 'image/png', size: 262144 })).toBeNull();
    expect(validatePhoto({ name: 'me.jpeg', type: 'image/jpeg', size: 1 })).toBeNull();
  });
  it('rejects by extension and by mime type', () => {
    expect(validatePhoto({ name: 'me.gif', type: 'image/png', size: 1 })).toBe('settings.file_type_error');
    expect(validatePhoto({ name: 'me.png', type: 'image/gif', size: 1 })).toBe('settings.file_type_error');
    expect(validatePhoto({ name: 'png', type: 'image/png', size: 1 })).toBe('settings.file_type_error');
  });
  it('rejects files over 262144 bytes', () => {
    expect(validatePhoto({ name: 'me.jpg', type: 'image/jpeg', size: 262145 })).toBe(
      'settings.file_size_limit_error',
    );
  });
});

describe('delete confirmation', () => {
  it('needs exactly DELETE', () => {
    expect(isDeleteConfirmed('DELETE')).toBe(true);
    expect(isDeleteConfirmed('delete')).toBe(false);
    expect(isDeleteConfirmed(' DELETE')).toBe(false);
  });
});
