import {
  parseConnectorConfig,
  type TAnyConnectorDescriptor,
  type TConnectorConfig,
} from '@parley/connectors';
import type { SecretBox } from '../../lib/crypto';
import type { DatasourceRow } from './datasources.repository';

/**
 * A config split for storage: the public fields in clear (jsonb), the descriptor's secret fields
 * sealed as one JSON object with the row id as authenticated context (lib/crypto.ts).
 */
export function sealConfig(
  descriptor: TAnyConnectorDescriptor,
  config: Record<string, unknown>,
  id: string,
  box: SecretBox,
): { configPublic: Record<string, unknown>; secrets: string | null } {
  const secretFields = descriptor.secretFields as readonly string[];
  const configPublic: Record<string, unknown> = {};
  const secret: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (key === 'type') continue;
    if (secretFields.includes(key)) secret[key] = value;
    else configPublic[key] = value;
  }
  return {
    configPublic,
    secrets: secretFields.length > 0 ? box.seal(JSON.stringify(secret), id) : null,
  };
}

/** The full connector config of a stored source: public fields plus the opened secrets, validated again. */
export function openConfig(row: DatasourceRow, box: SecretBox): TConnectorConfig {
  const secret = row.secrets ? (JSON.parse(box.open(row.secrets, row.id)) as Record<string, unknown>) : {};
  return parseConnectorConfig(row.type, { ...row.configPublic, ...secret });
}
