import type { AlertCheck, AlertEvaluator } from './alert-check';

/**
 * The evaluator until the real one (alert-evaluator.ts, AlertEvaluatorImpl) is wired in: every
 * check says so. Tests hand their own through `ServiceOptions.alertEvaluator`.
 */
export class UnwiredAlertEvaluator implements AlertEvaluator {
  async check(): Promise<AlertCheck> {
    throw new Error('The alert evaluator is not wired');
  }
}
