/** The model file's shape, as written and as read back (keys as the YAML spells them). */
import type { TOverlayExpr } from '@parley/contract';
import type { TAggregation, TMeasureFormat } from '../semantic-model';

export interface TFileTable {
  name: string;
  label: string;
}

export interface TFileJoin {
  from: string;
  from_columns: string[];
  to: string;
  to_columns: string[];
}

interface TFileMeasureBase {
  name: string;
  label: string;
  description?: string;
  synonyms: string[];
  format: TMeasureFormat;
  currency?: string;
  hidden?: boolean;
}

export interface TFileCondition {
  table: string;
  column: string;
  values: string[];
}

export interface TFileAggregate extends TFileMeasureBase {
  table: string;
  agg: TAggregation;
  expr?: TOverlayExpr;
  where: TFileCondition[];
  exists?: { table: string; columns: string[]; ref_columns: string[] };
  /** Absent (read back): the table's first time dimension, as for any defined measure. */
  time?: string | null;
}

export interface TFileMetric extends TFileMeasureBase {
  metric: { op: '/' | '+' | '-' | '*'; left: string; right: string };
}

export type TFileMeasure = TFileAggregate | TFileMetric;

export interface TFileDimension {
  name: string;
  label: string;
  table: string;
  column: string;
  synonyms: string[];
  hidden?: boolean;
  value_labels?: Record<string, string>;
  value_synonyms?: Record<string, string>;
}

export interface TFileTimeDimension {
  name: string;
  label: string;
  table: string;
  column: string;
  synonyms: string[];
  hidden?: boolean;
}

/** Each item read back keeps its line, so a problem found later still names it. */
export type TLined<T> = T & { line: number };

export interface TModelFile {
  model: string;
  tables: TFileTable[];
  joins: TFileJoin[];
  measures: TFileMeasure[];
  dimensions: TFileDimension[];
  time_dimensions: TFileTimeDimension[];
}

export interface TReadModelFile {
  tables: TLined<TFileTable>[];
  joins: TLined<TFileJoin>[];
  measures: TLined<TFileMeasure>[];
  dimensions: TLined<TFileDimension>[];
  time_dimensions: TLined<TFileTimeDimension>[];
}

export const isMetric = (m: TFileMeasure): m is TFileMetric => 'metric' in m;
