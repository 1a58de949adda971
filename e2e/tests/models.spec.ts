// A new user teaches Parley their data — a jargon word through the card's chips and
// "Remember this", a measure defined in the model editor, a dbt file imported, a version restored.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabaseUrl } from '@parley/testing';
import type { Page } from '@playwright/test';
import { dialog, expect, isQuery, sendPhrase, signUpByMail, test } from './fixtures';
import { createReader, PG, psql, READER, sqlRows } from './pg-helpers';
import { fillPostgresForm, openAddSource, submitSourceForm } from './source-forms';

const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });
test.skip(!testDatabaseUrl(), 'needs PostgreSQL: set TEST_DATABASE_URL');

const DB = 'parley_e2e_insure';

/** An insurer's policies: the premium column is `prem_amt`, its people say "GWP"; channels are codes. */
const SCHEMA = `
CREATE TABLE agents (agent_id integer PRIMARY KEY, agent_name text NOT NULL, channel text NOT NULL);
CREATE TABLE policies (
  policy_id integer PRIMARY KEY,
  agent_id integer NOT NULL REFERENCES agents (agent_id),
  issued_on date NOT NULL,
  prem_amt numeric(12,2) NOT NULL,
  comm_amt numeric(12,2) NOT NULL
);
INSERT INTO agents VALUES (1, 'Ada Brokers', 'BR'), (2, 'Bolt Agency', 'AG'), (3, 'Cem Partners', 'AG');
INSERT INTO policies
SELECT g, 1 + g % 3, DATE '2025-01-05' + (g * 11), 400 + (g * 37) % 900, 40 + (g * 13) % 90
FROM generate_series(1, 60) AS g;
`;

test.beforeAll(() => {
  psql('postgres', `DROP DATABASE IF EXISTS ${DB}`);
  psql('postgres', `CREATE DATABASE ${DB}`);
  psql(DB, SCHEMA);
  createReader(DB);
});

test.afterAll(() => {
  psql('postgres', `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SHOTS, `models-${name}.png`), animations: 'disabled' });

/** Sums by channel straight from PostgreSQL, as "<channel>|<sum>" rows. */
const byChannel = (expr: string, where = 'true') =>
  Object.fromEntries(
    sqlRows(
      DB,
      `SELECT a.channel, sum(${expr}) FROM policies p JOIN agents a USING (agent_id) WHERE ${where} GROUP BY 1`,
    ).map(([channel, sum]) => [channel, Number(sum)]),
  );

/** Asks in the conversation box; resolves with the server's answer (a card or a prompt). */
async function ask(page: Page, phrase: string) {
  const response = await sendPhrase(page, phrase);
  return (await response.json()) as { responses: { card?: AnsweredCard; prompt?: unknown }[] };
}

type AnsweredCard = {
  title: string;
  table: Record<string, string | number | null>[];
  query?: { semantic: { measures: string[] } };
};

/** The rows of a card as { group: value } for its first two columns. */
const rowsOf = (card: AnsweredCard, key: string, measure: string) =>
  Object.fromEntries(card.table.map((r) => [String(r[key]), Number(r[measure])]));

/** Picks an option of a Mantine select inside `scope`, by the select's label. */
async function choose(page: Page, scope: ReturnType<Page['getByTestId']>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a new user teaches a jargon word, defines a measure, imports dbt and restores a version', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpByMail(page, `owner-${Date.now()}@parley.test`, 'Olive Owner');

  // Connect the insurer's database through the form.
  await page.goto('/user/datasources');
  await openAddSource(page, 'POSTGRESQL');
  await fillPostgresForm(page, {
    name: 'Insure',
    host: PG.host,
    port: PG.port,
    database: DB,
    user: READER.user,
    password: READER.password,
  });
  const id = ((await (await submitSourceForm(page)).json()) as { datasource_id: string }).datasource_id;
  await expect(dialog(page, 'ds-add-modal')).toBeHidden();

  // A jargon word: Parley asks back instead of guessing.
  await page.goto('/conversation');
  await page.getByTestId('source-select').selectOption({ label: 'Insure' });
  const first = await ask(page, 'gwp by channel');
  expect(first.responses.some((r) => r.prompt)).toBe(true);
  const asked = page.getByTestId('conversation-item').last();
  await expect(asked).toContainText('I don’t know “gwp”');
  const prompt = asked.getByTestId('prompt');
  // The user picks a reading that is not quite it: the number of policies.
  await prompt
    .getByTestId('prompt-item')
    .filter({ hasText: /^policies by channel$/i })
    .click();
  const policiesCard = page.getByTestId('conversation-item').last().getByTestId('analysis-card').first();
  await expect(policiesCard).toBeVisible({ timeout: 30_000 });

  // The chips say what was understood; the measure chip offers the model's other measures.
  const chips = policiesCard.getByTestId('card-understood');
  await expect(chips).toContainText('Policies');
  await expect(chips).toContainText('Channel');
  await chips.getByRole('button', { name: /Policies/ }).click();
  const menu = page.getByTestId('chip-menu');
  await expect(menu).toBeVisible();
  await shot(page, 'chip-menu');
  const requery = page.waitForResponse(isQuery);
  await menu
    .getByTestId('chip-option')
    .filter({ hasText: /^Prem Amt$/ })
    .click();
  const chosen = (await (await requery).json()) as { responses: { card?: AnsweredCard }[] };
  const chosenCard = chosen.responses.find((r) => r.card)!.card!;
  expect(chosenCard.query?.semantic.measures).toEqual(['policies.prem_amt.sum']);
  expect(rowsOf(chosenCard, 'Channel', 'Prem Amt')).toEqual(byChannel('prem_amt'));

  // "Remember this": gwp is the premium from now on.
  const remember = page.getByTestId('conversation-item').last().getByTestId('remember-this');
  await expect(remember).toBeVisible();
  await remember.getByTestId('remember-word').fill('gwp');
  await shot(page, 'remember-this');
  await remember.getByTestId('remember-teach').click();
  await expect(page.getByTestId('toast').first()).toBeVisible();

  // Asked again in other words, it answers at once with the premium.
  const again = await ask(page, 'gwp per channel in 2025');
  const againCard = again.responses.find((r) => r.card)?.card;
  expect(againCard, 'a card, not a question back').toBeTruthy();
  expect(againCard!.query?.semantic.measures).toEqual(['policies.prem_amt.sum']);
  expect(rowsOf(againCard!, 'Channel', 'Prem Amt')).toEqual(
    byChannel('prem_amt', "issued_on BETWEEN '2025-01-01' AND '2025-12-31'"),
  );

  // The model editor: define Net premium = premium − commission.
  await page.goto(`/user/datasources/${id}/model`);
  await expect(page.getByTestId('page-model')).toBeVisible();
  await page.getByTestId('model-define-measure').click();
  const form = page.getByTestId('model-measure-form');
  await form.getByTestId('model-measure-label').fill('Net premium');
  await choose(page, form, 'Table', 'Policies');
  await choose(page, form, 'Expression', 'Two columns combined');
  await choose(page, form, 'First column', 'prem_amt');
  await choose(page, form, 'Operation', '− minus');
  await choose(page, form, 'Second column', 'comm_amt');
  await shot(page, 'define-measure');
  await form.getByTestId('model-measure-add').click();
  await page.getByTestId('model-save').click();
  await expect(page.getByTestId('model-title')).toBeVisible();
  await expect(page.getByText('Saved as version 1.')).toBeVisible();

  await page.goto('/conversation');
  await page.getByTestId('source-select').selectOption({ label: 'Insure' });
  const net = await ask(page, 'net premium by channel');
  const netCard = net.responses.find((r) => r.card)?.card;
  expect(netCard, 'the defined measure answers').toBeTruthy();
  expect(rowsOf(netCard!, 'Channel', 'Net premium')).toEqual(byChannel('prem_amt - comm_amt'));

  // A dbt project's semantic model imported: what maps and what does not, with the reason.
  await page.goto(`/user/datasources/${id}/model`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('model-import-dbt').click();
  await (await chooser).setFiles({
    name: 'semantic.yml',
    mimeType: 'text/yaml',
    buffer: Buffer.from(DBT_YAML),
  });
  const result = page.getByTestId('model-dbt-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('model-dbt-unmapped')).toContainText('premium_to_date');
  await expect(result.getByTestId('model-dbt-mapped')).toContainText('commission');
  await shot(page, 'dbt-result');
  await page.keyboard.press('Escape');
  await expect(result).toBeHidden();

  // Restore version 1: the dbt import's measures go, Net premium stays.
  await page
    .locator('[data-testid="model-version-item"][data-version="1"]')
    .getByTestId('model-version-restore')
    .click();
  await page.getByTestId('model-restore-modal-confirm').click();
  await expect(page.getByText('Version 1 restored.')).toBeVisible();
  await shot(page, 'versions');
  const model = (await (await page.request.get(`/api/v1/datasource/${id}/model`)).json()) as {
    version: number;
    measures: { name: string; label: string }[];
  };
  expect(model.version).toBe(3);
  expect(model.measures.map((m) => m.label)).toContain('Net premium');
  expect(model.measures.map((m) => m.name)).not.toContain('commission');
});

/** A dbt semantic model of the policies table: a measure that maps, a cumulative metric that cannot. */
const DBT_YAML = `
semantic_models:
  - name: policies
    model: ref('policies')
    defaults:
      agg_time_dimension: issued_on
    entities:
      - name: policy
        type: primary
        expr: policy_id
    dimensions:
      - name: issued_on
        type: time
        type_params:
          time_granularity: day
    measures:
      - name: commission
        label: Commission
        agg: sum
        expr: comm_amt
        create_metric: true
metrics:
  - name: premium_to_date
    label: Premium to date
    type: cumulative
    type_params:
      measure: commission
`;
