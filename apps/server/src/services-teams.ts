import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { type AssistantAccess, assistantResources } from './modules/assistants/assistant-access';
import type { TeamsActivity } from './modules/assistants/teams/activity';
import { AssistantChatsRepository } from './modules/assistants/teams/assistant-chats.repository';
import {
  BOT_FRAMEWORK_ENDPOINTS,
  BotConnector,
  type TeamsEndpoints,
} from './modules/assistants/teams/bot-connector';
import { type AuthRefusal, ConnectorAuth } from './modules/assistants/teams/connector-auth';
import { TeamsAlerts } from './modules/assistants/teams/teams-alerts';
import { type ChartImageUrl, TeamsBot, type TeamsBotDeps } from './modules/assistants/teams/teams-bot';
import { TeamsDigests } from './modules/assistants/teams/teams-digests';

/** The Teams bot as the app uses it: the token check, the turns, digests to chats, the chat records. */
export interface TeamsChannel {
  auth: Pick<ConnectorAuth, 'check'>;
  bot: Pick<TeamsBot, 'receive' | 'settled'>;
  digests: TeamsDigests;
  alerts: TeamsAlerts;
  chats: AssistantChatsRepository;
}

export type { AuthRefusal, TeamsActivity };

/**
 * The Teams bot, or null without MSBOT_APP_ID. Microsoft's addresses are the defaults; only
 * tests name others (the `teams` build option).
 */
export function buildTeams(deps: {
  config: Config;
  database: Database;
  access: AssistantAccess;
  conversations: TeamsBotDeps['conversations'];
  endpoints?: Partial<TeamsEndpoints>;
  chartImageUrl?: ChartImageUrl;
  log: FastifyBaseLogger;
  clock: () => Date;
}): TeamsChannel | null {
  const { config, log, clock } = deps;
  if (!config.MSBOT_APP_ID || !config.MSBOT_APP_PASSWORD) return null;
  const endpoints = { ...BOT_FRAMEWORK_ENDPOINTS, ...deps.endpoints };
  const appId = config.MSBOT_APP_ID;
  const connectionName = config.MSBOT_CONNECTION_NAME;
  const connector = new BotConnector({
    appId,
    appPassword: config.MSBOT_APP_PASSWORD,
    connectionName,
    endpoints,
    clock,
  });
  const chats = new AssistantChatsRepository(deps.database.db);
  const bot = new TeamsBot({
    connector,
    access: deps.access,
    conversations: deps.conversations,
    chats,
    options: {
      appId,
      connectionName,
      publicUrl: config.PUBLIC_URL,
      resource: assistantResources(config.PUBLIC_URL).assistants,
    },
    chartImageUrl: deps.chartImageUrl,
    log,
    clock,
  });
  return {
    auth: new ConnectorAuth({ appId, openIdMetadataUrl: endpoints.openIdMetadataUrl, clock }),
    bot,
    digests: new TeamsDigests({ connector, chats, log }),
    alerts: new TeamsAlerts({ connector, chats, log }),
    chats,
  };
}
