/** What the profile frames the report by, quoted back in its own words (not analysed). */
import type { ReportTexts } from '../../../i18n';
import type { ReportInput } from './document';

export function framing(input: ReportInput, t: ReportTexts): string[] {
  const p = input.profile;
  const lines = [
    t.framing.source(input.sourceName),
    t.framing.business(p.business_name, p.primary_industry, p.locations_of_operation.join(', ')),
  ];
  if ('key_points_of_interest' in p) {
    lines.push(
      t.framing.interest(p.key_points_of_interest),
      t.framing.clients(p.target_client_names.join(', ')),
    );
    return lines;
  }
  lines.push(t.framing.priorities(p.strategic_priorities), t.framing.goals(p.goals_okrs));
  // Employee-growth profiles have no themes; older ones saved with the strategy form may.
  const keyThemes = 'key_themes' in p ? (p.key_themes ?? []) : [];
  const other = 'key_themes_other' in p ? p.key_themes_other : '';
  const themes = keyThemes.map((k) => (k === 'other' ? other : t.themes[k]));
  if (themes.length) lines.push(t.framing.themes(themes.join(', ')));
  if (input.report === 'employee_growth')
    lines.push(t.framing.functions(p.focus_functions.join(', ') || '–'), t.framing.noPeopleData);
  return lines;
}
