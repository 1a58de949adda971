import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AccessPolicy } from './lib/access';
import type { JobQueue } from './lib/queue';
import type { AssistantAccess } from './modules/assistants/assistant-access';
import { LinkedAssistantsService } from './modules/assistants/oauth/linked-assistants.service';
import { OAuthRepository } from './modules/assistants/oauth/oauth.repository';
import { OAuthAccessService } from './modules/assistants/oauth/oauth-access.service';
import { OAuthInteractionsService } from './modules/assistants/oauth/oauth-interactions.service';
import { oauthPruneJob } from './modules/assistants/oauth/oauth-prune.job';
import { OAuthServer } from './modules/assistants/oauth/oauth-server';

export interface OAuthServices {
  oauthServer: OAuthServer;
  oauthInteractions: OAuthInteractionsService;
  linkedAssistants: LinkedAssistantsService;
  assistantAccess: AssistantAccess;
}

/** The assistants' authorisation server and what the channels and Settings use of it. */
export function buildOAuthServices(deps: {
  config: Config;
  database: Database;
  queue: JobQueue;
  access: AccessPolicy;
  log: FastifyBaseLogger;
  clock: () => Date;
  metadataFetch?: typeof fetch;
}): OAuthServices {
  const { config, access, clock } = deps;
  const repo = new OAuthRepository(deps.database.db);
  const oauthServer = new OAuthServer({
    config,
    repo,
    log: deps.log,
    clock,
    metadataFetch: deps.metadataFetch,
  });
  deps.queue.define(oauthPruneJob(repo, clock));
  return {
    oauthServer,
    oauthInteractions: new OAuthInteractionsService({ server: oauthServer, access, config, clock }),
    linkedAssistants: new LinkedAssistantsService({ repo, server: oauthServer, access, config, clock }),
    assistantAccess: new OAuthAccessService({ server: oauthServer, repo, config, clock }),
  };
}
