import {
  ConnectorError,
  createConnector,
  findDescriptor,
  type TAnyConnectorDescriptor,
  type TConnectorAccount,
  type TConnectorConfig,
} from '@parley/connectors';
import { DATASOURCE_MESSAGES, type TCreateDatasourceBody } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Invalid } from '../../lib/errors';

/** A typed config that passed its type's schema and a live connection test. */
export interface TestedSource {
  descriptor: TAnyConnectorDescriptor;
  config: TConnectorConfig;
  /** The accounts the source offers (none for types without accounts). */
  offered: TConnectorAccount[];
}

/**
 * Checks a typed config by the type's schema, then by a live connection test. A driver's message
 * is never shown (it may name hosts, users or worse): only a refused private host is explained.
 */
export async function testConnection(
  body: TCreateDatasourceBody,
  options: { allowPrivateHosts: boolean; sourcesDir: string },
  log: FastifyBaseLogger,
): Promise<TestedSource> {
  const { descriptor, config } = parseConfig(body);
  const connector = createConnector(config, {
    account: null,
    allowPrivateHosts: options.allowPrivateHosts,
    dataDir: options.sourcesDir,
  });
  let offered: TConnectorAccount[] = [];
  try {
    await connector.test();
    if (descriptor.supports_accounts) offered = await connector.listAccounts();
  } catch (error) {
    // The field the refused address came from: a database host or an API address.
    const field = ['host', 'api_host', 'base_url'].find((k) => k in body.config) ?? 'host';
    throw connectFailure(error, body.type, field, log);
  } finally {
    await connector.close().catch(() => {});
  }
  return { descriptor, config, offered };
}

/** The type's descriptor and the config as its schema reads it; 400 for types connected otherwise. */
function parseConfig(body: TCreateDatasourceBody): Omit<TestedSource, 'offered'> {
  const descriptor = findDescriptor(body.type);
  if (!descriptor?.listed)
    throw new Invalid(`Invalid field type: ${body.type} data sources cannot be connected here.`);
  if (descriptor.connect === 'upload')
    throw new Invalid(`Invalid field type: ${body.type} data sources are added by uploading a file.`);
  if (descriptor.connect === 'oauth')
    throw new Invalid(
      `Invalid field type: ${body.type} data sources are connected through their sign-in page.`,
    );
  const parsed = descriptor.ZConfig.safeParse({ ...body.config, type: body.type });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Invalid(`Invalid field config.${issue.path.join('.') || 'config'}: ${issue.message}`);
  }
  return { descriptor, config: parsed.data };
}

function connectFailure(error: unknown, type: string, field: string, log: FastifyBaseLogger): Invalid {
  if (error instanceof ConnectorError && error.code === 'forbidden_host')
    return new Invalid(
      `Invalid field config.${field}: ${error.message} An administrator can allow private addresses with ALLOW_PRIVATE_HOSTS=true.`,
    );
  log.info(
    { type, code: error instanceof ConnectorError ? (error.failure?.reason ?? error.code) : 'error' },
    'data source connection test failed',
  );
  // The contract's message stays as it is; the reason (only what the user typed) goes beside it.
  if (error instanceof ConnectorError && error.failure)
    return new Invalid(DATASOURCE_MESSAGES.invalidConfig, {
      reason: { ...error.failure, text: error.message },
    });
  return new Invalid(DATASOURCE_MESSAGES.invalidConfig);
}
