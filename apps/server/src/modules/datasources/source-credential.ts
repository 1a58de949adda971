import { DEMO_DESCRIPTOR, findDescriptor } from '@parley/connectors';
import { LIMITS, type TCredential, type TDatasourceType } from '@parley/contract';
import type { DatasourceRow } from './datasources.repository';

/** One source as `tenant.credentials` shows it (DESIGN §11): no config, no secret. */
export function toCredential(row: DatasourceRow, email: string, isDefault: boolean): TCredential {
  const descriptor = findDescriptor(row.type);
  return {
    type: row.type as TDatasourceType,
    name: row.name,
    logo: descriptor?.logo ?? '',
    auth_type: descriptor?.auth_type ?? 'basic',
    active: row.status === 'active',
    revoked: row.status === 'revoked',
    selected_account: row.selectedAccount,
    accounts: Object.fromEntries(
      row.accounts.map((a) => [
        a.id,
        { id: a.id, account_id: a.id, name: a.name, active: a.id === row.selectedAccount },
      ]),
    ),
    user: email,
    default: isDefault,
    created: row.createdAt.toISOString(),
  };
}

/** The built-in demo source as `tenant.credentials` shows it: no config at all. */
export function demoCredential(email: string, isDefault: boolean): TCredential {
  return {
    type: DEMO_DESCRIPTOR.type,
    name: DEMO_DESCRIPTOR.name,
    logo: DEMO_DESCRIPTOR.logo,
    auth_type: DEMO_DESCRIPTOR.auth_type,
    active: true,
    revoked: false,
    selected_account: null,
    accounts: {},
    user: email,
    default: isDefault,
    // Built in: older than anything the user adds.
    created: new Date(0).toISOString(),
  };
}

/** The name a FILE source gets: the uploaded file's name without folders or extension. */
export function sourceNameOf(filename: string): string {
  // Control characters (a NUL cannot be stored in PostgreSQL text) and broken surrogates go.
  const clean = filename.toWellFormed().replace(/\p{Cc}/gu, ' ');
  const base = clean.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[A-Za-z0-9]{1,8}$/, '').trim();
  return (stem || 'Uploaded file').slice(0, LIMITS.NAME);
}
