/**
 * Company legal forms offered by the profile forms: the forms of the UK Companies House register,
 * the Turkish Commercial Code (6102 TTK) and common US entity types, as published by each.
 */
export const LEGAL_TYPES: { group: string; items: string[] }[] = [
  {
    group: 'United Kingdom',
    items: [
      'Sole trader',
      'Partnership',
      'Limited liability partnership (LLP)',
      'Private limited company (Ltd)',
      'Public limited company (PLC)',
      'Community interest company (CIC)',
      'Charitable incorporated organisation (CIO)',
    ],
  },
  {
    group: 'Türkiye',
    items: [
      'Şahıs işletmesi',
      'Limited şirket (Ltd. Şti.)',
      'Anonim şirket (A.Ş.)',
      'Kolektif şirket',
      'Komandit şirket',
      'Kooperatif',
    ],
  },
  {
    group: 'United States',
    items: [
      'Sole proprietorship',
      'General partnership',
      'Limited liability company (LLC)',
      'C corporation',
      'S corporation',
      'Nonprofit corporation',
    ],
  },
  { group: 'Other', items: ['Public sector body', 'Non-governmental organisation', 'Other'] },
];
