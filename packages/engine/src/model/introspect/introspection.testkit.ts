/**
 * Small builders of an introspected schema for the engine's unit tests: a column, a table and a
 * foreign key as a connector would report them. Tests only — nothing outside tests imports this.
 */
import {
  getColumnKind,
  type TIntrospectedColumn,
  type TIntrospectedForeignKey,
  type TIntrospectedTable,
} from '../introspection';

/** A column; its distinct count is that of its sampled values unless given (null: not measured). */
export const col = (
  name: string,
  type: string,
  values: string[] | null = null,
  distinctCount: number | null = values?.length ?? null,
  nullable = true,
): TIntrospectedColumn => ({ name, type, kind: getColumnKind(type), nullable, values, distinctCount });

/** A table's primary and foreign keys, each none when left out. */
export type TTableKeys = Partial<Pick<TIntrospectedTable, 'primaryKey' | 'foreignKeys'>>;

/** A table without keys unless given. */
export const table = (
  name: string,
  columns: TIntrospectedColumn[],
  rowCount: number | null,
  keys: TTableKeys = {},
): TIntrospectedTable => ({ name, columns, rowCount, primaryKey: [], foreignKeys: [], ...keys });

/** A foreign key of one column or several, to the same-named columns unless given. */
export const fk = (
  columns: string | string[],
  refTable: string,
  refColumns: string | string[] = columns,
): TIntrospectedForeignKey => ({
  columns: typeof columns === 'string' ? [columns] : columns,
  refTable,
  refColumns: typeof refColumns === 'string' ? [refColumns] : refColumns,
});
