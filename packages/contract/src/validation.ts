/**
 * Generic form rules of spec 1 §5, shared by the web forms and the server.
 * Rules are given as pipe text ('required|minLength:8') or as objects; each failure carries an
 * i18n message key plus its bound, so the client translates and the server can echo the key.
 */

export const RULE_NAMES = [
  'required',
  'email',
  'password',
  'minValue',
  'maxValue',
  'minLength',
  'maxLength',
  'integer',
  'decimal',
  'equals',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

/** One rule; `param` is the bound (number) or, for `equals`, the other field's name. */
export interface RuleObject {
  rule: RuleName;
  param?: number | string;
  /** Message key overriding the rule's default (e.g. 'login.passwords_must_be_same'). */
  message?: string;
}
export type RuleSpec = string | ReadonlyArray<RuleObject | string>;

/** A failed rule: the message key and the values it interpolates (`{ min }`, `{ max }`, `{ field }`). */
export interface ValidationError {
  rule: RuleName;
  key: string;
  params: Record<string, number | string>;
}

export const PASSWORD_MIN_LENGTH = 8;
/** Standard e-mail pattern: local part, @, a domain with at least one dot. */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Default message key per rule. */
export const RULE_MESSAGES: Record<RuleName, string> = {
  required: 'validation.required',
  email: 'validation.email',
  password: 'validation.password',
  minValue: 'validation.min_value',
  maxValue: 'validation.max_value',
  minLength: 'validation.min_length',
  maxLength: 'validation.max_length',
  integer: 'validation.integer',
  decimal: 'validation.decimal',
  equals: 'validation.equals',
};

function isRuleName(name: string): name is RuleName {
  return (RULE_NAMES as readonly string[]).includes(name);
}

function parseOne(text: string): RuleObject {
  const colon = text.indexOf(':');
  const name = (colon < 0 ? text : text.slice(0, colon)).trim();
  if (!isRuleName(name)) throw new Error(`Unknown validation rule: ${name}`);
  if (colon < 0) return { rule: name };
  const raw = text.slice(colon + 1).trim();
  const num = Number(raw);
  return { rule: name, param: raw !== '' && Number.isFinite(num) && name !== 'equals' ? num : raw };
}

/** Turns pipe text or a mixed list into rule objects. */
export function parseRules(spec: RuleSpec): RuleObject[] {
  const list = typeof spec === 'string' ? spec.split('|').filter((s) => s.trim() !== '') : spec;
  return list.map((item) => (typeof item === 'string' ? parseOne(item) : item));
}

/** True for values a `required` rule rejects: absent, blank text, empty list, unchecked box. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The password rule: ≥ 8 characters with a letter, a digit and a special character. */
export function isValidPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /\p{L}/u.test(value) &&
    /\p{N}/u.test(value) &&
    /[^\p{L}\p{N}\s]/u.test(value)
  );
}

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

function lengthOf(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return String(value).length;
}

function passes(rule: RuleObject, value: unknown, values: Record<string, unknown>): boolean {
  const bound = Number(rule.param);
  switch (rule.rule) {
    case 'required':
      return !isEmpty(value);
    case 'email':
      return isValidEmail(String(value));
    case 'password':
      return isValidPassword(String(value));
    case 'minValue':
      return Number.isFinite(Number(value)) && Number(value) >= bound;
    case 'maxValue':
      return Number.isFinite(Number(value)) && Number(value) <= bound;
    case 'minLength':
      return lengthOf(value) >= bound;
    case 'maxLength':
      return lengthOf(value) <= bound;
    case 'integer':
      return /^[-+]?\d+$/.test(String(value).trim());
    case 'decimal':
      return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(String(value).trim());
    case 'equals':
      return value === values[String(rule.param)];
  }
}

function paramsOf(rule: RuleObject): Record<string, number | string> {
  switch (rule.rule) {
    case 'minValue':
    case 'minLength':
      return { min: rule.param ?? 0 };
    case 'maxValue':
    case 'maxLength':
      return { max: rule.param ?? 0 };
    case 'equals':
      return { field: rule.param ?? '' };
    default:
      return {};
  }
}

/**
 * Checks one value; returns the first failing rule or null. Rules other than `required` skip
 * empty values, so optional fields only need to be valid when filled in.
 */
export function validate(
  value: unknown,
  spec: RuleSpec,
  values: Record<string, unknown> = {},
): ValidationError | null {
  for (const rule of parseRules(spec)) {
    if (rule.rule !== 'required' && rule.rule !== 'equals' && isEmpty(value)) continue;
    if (!passes(rule, value, values)) {
      return { rule: rule.rule, key: rule.message ?? RULE_MESSAGES[rule.rule], params: paramsOf(rule) };
    }
  }
  return null;
}

/** Validates every field of a form at once; the answer holds only the failing fields. */
export function validateForm<T extends Record<string, unknown>>(
  values: T,
  schema: Partial<Record<keyof T & string, RuleSpec>>,
): Partial<Record<keyof T & string, ValidationError>> {
  const errors: Partial<Record<keyof T & string, ValidationError>> = {};
  for (const field of Object.keys(schema) as (keyof T & string)[]) {
    const spec = schema[field];
    if (spec === undefined) continue;
    const error = validate(values[field], spec, values);
    if (error) errors[field] = error;
  }
  return errors;
}

// ---- Profile photo (spec 1 §5, §9) ----

export const PHOTO_MAX_BYTES = 262144;
export const PHOTO_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const PHOTO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/jpg'] as const;
export const PHOTO_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

/** Checks a chosen photo by extension, mime type and size; returns the error message key or null. */
export function validatePhoto(file: {
  name: string;
  type: string;
  size: number;
}): 'settings.file_type_error' | 'settings.file_size_limit_error' | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const extOk = (PHOTO_EXTENSIONS as readonly string[]).includes(ext);
  const mimeOk = (PHOTO_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  if (!extOk || !mimeOk) return 'settings.file_type_error';
  if (file.size > PHOTO_MAX_BYTES) return 'settings.file_size_limit_error';
  return null;
}

// ---- Account deletion ----

export const DELETE_CONFIRMATION = 'DELETE';

/** The delete-account confirm button is enabled only when the typed text is exactly DELETE. */
export function isDeleteConfirmed(text: string): boolean {
  return text === DELETE_CONFIRMATION;
}
