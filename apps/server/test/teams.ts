import {
  type BotFrameworkPeer,
  type SignOverrides,
  startBotFramework,
} from '@parley/testing/standins/botframework-standin';
import { assistantEnv, TEST_ASSISTANT_CLIENTS, tokenRequest } from './assistants';
import { TEST_NOW, type TestApp } from './helpers';

/** The Teams bot's configuration in tests: its app id and secret at the Bot Framework stand-in. */
export const TEAMS_BOT = {
  appId: 'b0f1e2d3-0000-4000-8000-00000000b07',
  appPassword: 'bot-secret-123',
  connectionName: 'parley',
};

export function teamsEnv(): Record<string, string> {
  return {
    ...assistantEnv(),
    MSBOT_APP_ID: TEAMS_BOT.appId,
    MSBOT_APP_PASSWORD: TEAMS_BOT.appPassword,
    MSBOT_CONNECTION_NAME: TEAMS_BOT.connectionName,
  };
}

/** A Bot Framework stand-in whose token service exchanges codes at `t`'s token endpoint. */
export function startTeamsPeer(getApp: () => TestApp): Promise<BotFrameworkPeer> {
  const { msbot } = TEST_ASSISTANT_CLIENTS;
  return startBotFramework({
    ...TEAMS_BOT,
    clock: () => new Date(TEST_NOW),
    client: {
      id: msbot.id,
      secret: msbot.secret,
      redirectUri: msbot.redirectUri,
      authorizeUrl: '/oauth/authorize',
      exchange: async (form) => {
        const { client_id: _id, client_secret: _secret, ...rest } = form;
        const res = await tokenRequest(getApp().app, msbot, rest);
        return { status: res.statusCode, body: res.json() };
      },
    },
  });
}

/** Sends `activity` to the messaging endpoint as the connector would (signed unless told otherwise). */
export async function post(
  t: TestApp,
  bf: BotFrameworkPeer,
  activity: Record<string, unknown>,
  o?: SignOverrides,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/assistants/teams/messages',
    headers: { authorization: await bf.authorization(activity, o) },
    payload: activity,
  });
  await t.app.services.teams?.bot.settled();
  return res;
}
