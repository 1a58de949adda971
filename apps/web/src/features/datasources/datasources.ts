import type {
  TAccountKind,
  TConfigFormField,
  TCredential,
  TCredentials,
  TDatasourceType,
  TDatasourceTypes,
  TDatasourceUsage,
} from '@parley/contract';
import { ZConnectionRefusal } from '@parley/contract';
import type { TFunction } from 'i18next';
import { ApiError, errorMessage } from '../../lib/api';
import { LIMITS, type RuleSpec } from '../../lib/contract';
import { SERVER_MESSAGE_KEYS } from './i18n';

/** The built-in demo source's id (contract DEMO_DATASOURCE_ID, kept out of the zod bundle). */
export const DEMO_ID = 'demo';
/** The built-in demo source's type (the server lists it in credentials only, never as a type to add). */
const DEMO_TYPE: TDatasourceType = 'DEMO';

export type SourceStatus = 'active' | 'inactive' | 'revoked';
export type DatasourceType = TDatasourceTypes[number];

/** One connection on screen: its id with the tenant's credential entry. */
export interface Source extends TCredential {
  id: string;
}

/** Spec 2 §4: revoked wins (reconnect), then inactive (activate), else active. */
export function statusOf(source: Pick<TCredential, 'active' | 'revoked'>): SourceStatus {
  if (source.revoked) return 'revoked';
  return source.active ? 'active' : 'inactive';
}

/** The tenant's credentials as a list, oldest first (the demo, which has no date to speak of, leads). */
export function sourcesOf(credentials: TCredentials | null | undefined): Source[] {
  return Object.entries(credentials ?? {})
    .map(([id, c]) => ({ ...c, id }))
    .sort((a, b) => {
      if (a.id === DEMO_ID || b.id === DEMO_ID) return a.id === DEMO_ID ? -1 : 1;
      return a.created.localeCompare(b.created) || a.name.localeCompare(b.name);
    });
}

/** Sources a question can be asked of: active and not revoked. */
export function usableSources(sources: readonly Source[]): Source[] {
  return sources.filter((s) => statusOf(s) === 'active');
}

/** The source preselected in the conversation: the user's default, else the demo, else the first. */
export function defaultSourceId(sources: readonly Source[]): string | null {
  const usable = usableSources(sources);
  return (
    usable.find((s) => s.default)?.id ?? usable.find((s) => s.id === DEMO_ID)?.id ?? usable[0]?.id ?? null
  );
}

/**
 * The built-in demo source can be neither deleted, deactivated nor revoked. (Its auth_type is
 * 'builtin', but so is an uploaded file's, which the user owns: the type tells them apart.)
 */
export function isBuiltin(source: Pick<Source, 'id' | 'type'>): boolean {
  return source.id === DEMO_ID || source.type === DEMO_TYPE;
}

/** The name shown for a source; the demo's is translated. */
export function sourceLabel(source: Pick<Source, 'id' | 'name'>, t: TFunction<'datasources'>): string {
  return source.id === DEMO_ID ? t('demo_data') : source.name;
}

/** Whether an account entry is the source's selected one (selected_account names it by either id). */
export function isSelectedAccount(
  source: Pick<TCredential, 'selected_account'>,
  account: { id: string; account_id: string },
): boolean {
  return (
    source.selected_account !== null &&
    (source.selected_account === account.account_id || source.selected_account === account.id)
  );
}

/** Types a user can add: everything the server lists but the built-in demo. */
export function addableTypes(types: TDatasourceTypes): TDatasourceTypes {
  return types.filter((t) => t.type !== DEMO_TYPE);
}

/** How many connections of each type the user already has (the add dialog marks them). */
export function connectedCounts(sources: readonly Source[]): Partial<Record<TDatasourceType, number>> {
  const counts: Partial<Record<TDatasourceType, number>> = {};
  for (const s of sources) counts[s.type] = (counts[s.type] ?? 0) + 1;
  return counts;
}

/** A logo path for a type when the server gave none: the web app ships /logos/<type>.svg. */
export function logoOf(logo: string | null | undefined, type: string): string {
  return logo || `/logos/${type.toLowerCase()}.svg`;
}

/** The message for a failure: a known server message translated, else the server's, else the fallback. */
export function failureText(err: unknown, t: TFunction<'datasources'>, fallbackKey: string): string {
  const refusal = connectionFailureText(err, t);
  if (refusal) return refusal;
  const message = errorMessage(err, '');
  const known = SERVER_MESSAGE_KEYS[message];
  if (known) return t(known);
  return message || t(fallbackKey);
}

/**
 * A refused connection's fixed message and its reason (the contract's CONNECTION_FAILURES, answered
 * beside the message) translated, the blanks kept as the user typed them; null for any other failure.
 */
function connectionFailureText(err: unknown, t: TFunction<'datasources'>): string | null {
  const refusal = ZConnectionRefusal.safeParse(err instanceof ApiError ? err.data : null);
  if (!refusal.success) return null;
  const { reason, params } = refusal.data.reason;
  return `${t('messages.invalid_config')} ${t(`connection.${reason}`, params)}`;
}

/** What a type's accounts are called (from its descriptor), or null when the server did not say. */
export function accountKindOf(type: DatasourceType | null): TAccountKind | null {
  return type?.accounts ?? null;
}

/** "3 cards in 2 collections use this source: Board, Sales." — the question before deactivating. */
export function usageText(usage: TDatasourceUsage, t: TFunction<'datasources'>): string {
  return t('usage.text', {
    count: usage.cards,
    cards: t('usage.cards', { count: usage.cards }),
    collections: t('usage.collections', { count: usage.collections.length }),
    names: usage.collections.map((c) => c.name).join(', '),
  });
}

/** A day of the data ('2026-03-01') in the reader's language, read as a calendar day (no zone shift). */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

// --- connection forms -------------------------------------------------------------------------

/** One field of a connection form, as the source's descriptor gives it (`key`: config field and label key). */
export type ConfigField = TConfigFormField;
export type FieldKind = ConfigField['kind'];

/** How a type is connected: a config form, a file upload, or the provider's consent screen. */
export type ConnectMethod =
  | { kind: 'form'; fields: readonly ConfigField[] }
  | { kind: 'upload' }
  | { kind: 'oauth' }
  | { kind: 'none' };

/**
 * How a type is connected, as the server describes it (GET /api/v1/datasource/types?connect=true,
 * from each source's descriptor); a type it did not describe offers nothing to connect.
 */
export function connectMethod(type: DatasourceType): ConnectMethod {
  switch (type.connect) {
    case 'form':
      return { kind: 'form', fields: type.form ?? [] };
    case 'upload':
    case 'oauth':
      return { kind: type.connect };
    default:
      return { kind: 'none' };
  }
}

/** The rule for a connection's name (spec 2 §5 generic rules). */
export const NAME_RULES: RuleSpec = `required|maxLength:${LIMITS.NAME}`;

export type ConfigValues = Record<string, string | boolean>;

/** The initial values of a form: the connection name plus each field's default. */
export function initialValues(fields: readonly ConfigField[]): ConfigValues {
  const values: ConfigValues = { name: '' };
  for (const f of fields) values[f.key] = f.initial ?? (f.kind === 'switch' ? false : '');
  return values;
}

/** The config sent to POST /api/v1/datasource: numbers as numbers, text trimmed, empty optional text left out. */
export function configOf(fields: readonly ConfigField[], values: ConfigValues): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const f of fields) {
    const value = values[f.key];
    if (f.kind === 'switch') config[f.key] = value === true;
    else if (f.kind === 'number') config[f.key] = Number(String(value).trim());
    else if (f.kind === 'password') {
      // A password is sent as typed: spaces may be part of it.
      if (value !== '') config[f.key] = String(value);
    } else {
      const text = String(value ?? '').trim();
      if (text !== '') config[f.key] = text;
    }
  }
  return config;
}

// --- uploads ----------------------------------------------------------------------------------

/** What the file input offers (DESIGN §4: CSV or Parquet). */
export const UPLOAD_ACCEPT = '.csv,.parquet,text/csv,application/vnd.apache.parquet';

/** Whether a chosen file is a CSV or Parquet file, by its name. */
export function isUploadable(file: { name: string }): boolean {
  return /\.(csv|parquet)$/i.test(file.name);
}

/** A file size for people: 1.2 MB, 340 KB, 12 B. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** Upload progress as a whole percentage, 0 when the total is not known. */
export function percentOf(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((loaded / total) * 100));
}

/**
 * The redirect that connects an oauth2 source (spec 2 §7), or with `datasourceId` reconnects that
 * revoked source (its accounts kept); local=true on local hosts.
 */
export function connectUrl(type: string, hostname: string, datasourceId?: string): string {
  const local = hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1';
  const again = datasourceId ? `&datasource_id=${encodeURIComponent(datasourceId)}` : '';
  return `/api/v1/datasourceredirect?type=${encodeURIComponent(type)}${local ? '&local=true' : ''}${again}`;
}
