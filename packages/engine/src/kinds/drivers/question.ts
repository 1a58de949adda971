/**
 * How the parser tells a drivers question ("why did revenue drop last month") and shapes it:
 * the period (last month when none is named) against its comparison, split by every dimension.
 */
import type { TSemanticQuery } from '@parley/contract';
import { findDimension, findMeasure, isDimensionAvailable } from '../../model/semantic-model';
import { analysisBase } from '../analysis-base';
import type { TKindQuestion } from '../types';

export const driversQuestion: TKindQuestion<true> = {
  detect: (scanner, pack) => {
    let drivers = false;
    scanner.scan(pack.intents.drivers, () => {
      drivers = true;
      return true;
    });
    // The movement asked about ("drop", "go up") is read only with a drivers cue.
    if (drivers) scanner.scan(pack.intents.movement, () => true);
    return drivers || null;
  },
  shape: (query, _cue, { model }): TSemanticQuery => {
    const start = analysisBase(query, model);
    if (!start) return query;
    const { base, field } = start;
    const range = base.timeDimension?.range;
    return {
      ...base,
      dimensions: [],
      timeDimension: {
        field,
        range: !range || range.kind === 'all' ? { kind: 'last', unit: 'month', n: 1 } : range,
      },
      compare: base.compare ?? 'previous_period',
      analysis: { kind: 'drivers' },
    };
  },
  // How the measure changed this month, by a few of its dimensions.
  instead: (query, model, pack) => {
    const { phrases } = pack.messages;
    const measure = query.measures[0];
    const label = findMeasure(model, measure)?.label ?? measure;
    return model.dimensions
      .filter((d) => isDimensionAvailable(model, measure, d.name))
      .slice(0, 4)
      .map((d) =>
        phrases.thisVsLastMonth(
          phrases.by([label], (findDimension(model, d.name)?.label ?? d.name).toLowerCase()),
        ),
      );
  },
};
