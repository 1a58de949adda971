/**
 * Additive Holt-Winters (level, trend, additive season) and Holt's linear trend when there is no
 * season, with smoothing parameters chosen by a grid search minimising the one-step-ahead squared
 * error on the history. Small and dependency-free: the series are at most a few hundred points.
 */

export interface THoltWintersFit {
  alpha: number;
  beta: number;
  /** 0 when the model has no season. */
  gamma: number;
  /** Season length, or null for Holt's linear trend. */
  season: number | null;
  level: number;
  trend: number;
  /** The last `season` seasonal states, oldest first (empty without a season). */
  seasonal: number[];
  /** Standard deviation of the one-step-ahead errors. */
  sigma: number;
  /** One-step-ahead errors on the history (for tests and diagnostics). */
  residuals: number[];
}

export interface TForecastPoint {
  /** Steps after the last history point (1 = the next bucket). */
  step: number;
  value: number;
  low: number;
  high: number;
}

/** Two-sided 95 % normal quantile. */
const Z95 = 1.959963984540054;
const ALPHAS = [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95];
const BETAS = [0, 0.01, 0.03, 0.05, 0.1, 0.2, 0.3, 0.5];
const GAMMAS = [0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 0.9];

/** The smallest history each model is fitted on: two full seasons, or 8 points without a season. */
export function minimumHistory(season: number | null): number {
  return season ? 2 * season : 8;
}

interface TRun {
  sse: number;
  level: number;
  trend: number;
  seasonal: number[];
  residuals: number[];
}

function run(y: number[], season: number | null, alpha: number, beta: number, gamma: number): TRun {
  const residuals: number[] = [];
  if (!season) {
    let level = y[0];
    let trend = y[1] - y[0];
    let sse = 0;
    for (let t = 1; t < y.length; t++) {
      const e = y[t] - (level + trend);
      if (t >= 2) {
        sse += e * e;
        residuals.push(e);
      }
      const prev = level;
      level = alpha * y[t] + (1 - alpha) * (level + trend);
      trend = beta * (level - prev) + (1 - beta) * trend;
    }
    return { sse, level, trend, seasonal: [], residuals };
  }
  const m = season;
  const mean = (from: number): number => y.slice(from, from + m).reduce((a, v) => a + v, 0) / m;
  let level = mean(0);
  let trend = (mean(m) - mean(0)) / m;
  // s[t mod m] holds the latest seasonal state of that position; the first season, detrended
  // around its middle, initialises it. The level then moves to the end of the first season.
  const s = y.slice(0, m).map((v, i) => v - (level + trend * (i - (m - 1) / 2)));
  level += trend * ((m - 1) / 2);
  let sse = 0;
  for (let t = m; t < y.length; t++) {
    const i = t % m;
    const e = y[t] - (level + trend + s[i]);
    sse += e * e;
    residuals.push(e);
    const prev = level;
    level = alpha * (y[t] - s[i]) + (1 - alpha) * (level + trend);
    trend = beta * (level - prev) + (1 - beta) * trend;
    s[i] = gamma * (y[t] - level) + (1 - gamma) * s[i];
  }
  // Oldest first: position (n mod m) is the season slot of the next point.
  const start = y.length % m;
  const seasonal = [...s.slice(start), ...s.slice(0, start)];
  return { sse, level, trend, seasonal, residuals };
}

/**
 * Fits the model on `y` (no missing values). `season` null fits Holt's linear trend. Throws when
 * the history is shorter than `minimumHistory(season)`.
 */
export function fitHoltWinters(y: number[], season: number | null): THoltWintersFit {
  if (y.length < minimumHistory(season)) throw new Error('history too short');
  let best: (TRun & { alpha: number; beta: number; gamma: number }) | null = null;
  for (const alpha of ALPHAS)
    for (const beta of BETAS)
      for (const gamma of season ? GAMMAS : [0]) {
        const r = run(y, season, alpha, beta, gamma);
        if (!best || r.sse < best.sse - 1e-9 * Math.abs(best.sse)) best = { ...r, alpha, beta, gamma };
      }
  const b = best!;
  const n = b.residuals.length;
  const sigma = n > 0 ? Math.sqrt(b.residuals.reduce((a, e) => a + e * e, 0) / n) : 0;
  return {
    alpha: b.alpha,
    beta: b.beta,
    gamma: b.gamma,
    season,
    level: b.level,
    trend: b.trend,
    seasonal: b.seasonal,
    sigma,
    residuals: b.residuals,
  };
}

/**
 * Forecasts `steps` (each ≥ 1) with 95 % prediction intervals. The h-step variance is that of the
 * equivalent ETS(A,A,A) state-space model: σ²(1 + Σⱼ₌₁ʰ⁻¹ cⱼ²), cⱼ = α(1 + jβ) + (1−α)γ·[j mod m = 0].
 */
export function forecastHoltWinters(fit: THoltWintersFit, steps: number[]): TForecastPoint[] {
  const { alpha, beta, gamma, season } = fit;
  return steps.map((h) => {
    const seasonal = season ? fit.seasonal[(h - 1) % season] : 0;
    const value = fit.level + h * fit.trend + seasonal;
    let variance = 1;
    for (let j = 1; j < h; j++) {
      const c = alpha * (1 + j * beta) + (season && j % season === 0 ? (1 - alpha) * gamma : 0);
      variance += c * c;
    }
    const half = Z95 * fit.sigma * Math.sqrt(variance);
    return { step: h, value, low: value - half, high: value + half };
  });
}
