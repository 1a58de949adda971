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

/** Form options shared by every form: validate on blur, then on every input once touched. */
export const FORM_MODE = { mode: 'onTouched', reValidateMode: 'onChange' } as const;
