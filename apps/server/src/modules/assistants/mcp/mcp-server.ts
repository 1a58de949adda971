import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { APP_VERSION } from '@parley/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Actor } from '../../../lib/access';
import { registerMcpTools } from './mcp-tools';

export interface McpServerDeps {
  app: FastifyInstance;
  /** The user the request's token acts for. */
  actor: Actor;
  log: FastifyBaseLogger;
}

const INSTRUCTIONS =
  'Parley answers business questions from the user’s own data with checked numbers. Use `ask` for any question ' +
  'about their figures and quote its numbers as given; `list_sources` and `list_measures` tell what can be asked; ' +
  '`list_collections` and `get_collection` read their saved dashboards.';

/** One MCP server per request (stateless), its tools acting as `actor` through the app's services. */
export function buildMcpServer(deps: McpServerDeps): McpServer {
  const { app, actor, log } = deps;
  const { services } = app;
  const server = new McpServer(
    { name: 'parley', title: 'Parley', version: APP_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  registerMcpTools(server, {
    actor,
    publicUrl: app.config.PUBLIC_URL,
    conversations: services.conversations,
    datasources: services.datasources,
    models: services.models,
    collections: services.collections,
    log,
    now: Date.now,
  });
  return server;
}
