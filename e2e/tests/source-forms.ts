import type { Page, Response } from '@playwright/test';
import { dialog, expect } from './fixtures';

// The data-sources screen as the specs use it: a source's card, the add dialog, the PostgreSQL form.

/** A data source's card on the data-sources screen, by its name. */
export const sourceCard = (page: Page, name: string) =>
  page
    .getByTestId('ds-card')
    .filter({ has: page.getByTestId('ds-card-name').getByText(name, { exact: true }) });

/** Opens the add dialog on a type. */
export async function openAddSource(page: Page, type: string): Promise<void> {
  await page.getByTestId('ds-add').click();
  await expect(dialog(page, 'ds-add-modal')).toBeVisible();
  await page.getByTestId(`ds-type-${type}`).click();
}

/** What the PostgreSQL form asks for. */
export interface PostgresFields {
  name: string;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

/** Fills the PostgreSQL form. */
export async function fillPostgresForm(page: Page, values: PostgresFields): Promise<void> {
  await page.getByTestId('ds-postgresql-name').fill(values.name);
  await page.getByTestId('ds-postgresql-host').fill(values.host);
  await page.getByTestId('ds-postgresql-port').fill(String(values.port));
  await page.getByTestId('ds-postgresql-database').fill(values.database);
  await page.getByTestId('ds-postgresql-user').fill(values.user);
  await page.getByTestId('ds-postgresql-password').fill(values.password);
}

/** Submits the add dialog's form; the server's answer to it. */
export async function submitSourceForm(page: Page): Promise<Response> {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/datasource') && r.request().method() === 'POST',
  );
  await page.getByTestId('ds-form-submit').click();
  return answer;
}
