import { useCallback } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type RuleSpec, validateForm } from '../lib/contract';

export type RulesFor<T> = Partial<Record<keyof T & string, RuleSpec>>;

/**
 * A react-hook-form resolver over the contract's rules: every field is validated at once, the
 * first failing rule per field gives the translated message with its bound.
 */
export function useRulesResolver<T extends FieldValues>(rules: RulesFor<T> | ((values: T) => RulesFor<T>)) {
  const { t } = useTranslation();
  return useCallback<Resolver<T>>(
    (values) => {
      const schema = typeof rules === 'function' ? rules(values) : rules;
      const failures = validateForm(values, schema);
      const errors: Record<string, { type: string; message: string }> = {};
      for (const [field, failure] of Object.entries(failures)) {
        if (failure) errors[field] = { type: failure.rule, message: t(failure.key, failure.params) };
      }
      return Object.keys(errors).length > 0
        ? { values: {}, errors: errors as unknown as FieldErrors<T> }
        : { values, errors: {} };
    },
    [rules, t],
  );
}

/**
 * Form options shared by every form: a field validates only once it is dirty (on input), and
 * submit validates all fields (spec 1 §5). Not on blur of an untouched field: the error text
 * appearing there moved the links below it and swallowed the first click on them.
 */
export const FORM_MODE = { mode: 'onChange', reValidateMode: 'onChange' } as const;
