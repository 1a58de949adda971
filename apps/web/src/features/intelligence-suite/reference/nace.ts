/**
 * Industries in the national-classification style: the sections and divisions of NACE Rev. 2
 * (Eurostat's statistical classification of economic activities, also Türkiye's NACE Rev. 2 and
 * the UK SIC 2007 at this level). A profile stores "C10 Manufacture of food products".
 */
export const NACE_SECTIONS: { code: string; name: string; divisions: [string, string][] }[] = [
  {
    code: 'A',
    name: 'Agriculture, forestry and fishing',
    divisions: [
      ['01', 'Crop and animal production, hunting'],
      ['02', 'Forestry and logging'],
      ['03', 'Fishing and aquaculture'],
    ],
  },
  {
    code: 'B',
    name: 'Mining and quarrying',
    divisions: [
      ['05', 'Mining of coal and lignite'],
      ['06', 'Extraction of crude petroleum and natural gas'],
      ['07', 'Mining of metal ores'],
      ['08', 'Other mining and quarrying'],
      ['09', 'Mining support service activities'],
    ],
  },
  {
    code: 'C',
    name: 'Manufacturing',
    divisions: [
      ['10', 'Manufacture of food products'],
      ['11', 'Manufacture of beverages'],
      ['12', 'Manufacture of tobacco products'],
      ['13', 'Manufacture of textiles'],
      ['14', 'Manufacture of wearing apparel'],
      ['15', 'Manufacture of leather and related products'],
      ['16', 'Manufacture of wood and products of wood and cork'],
      ['17', 'Manufacture of paper and paper products'],
      ['18', 'Printing and reproduction of recorded media'],
      ['19', 'Manufacture of coke and refined petroleum products'],
      ['20', 'Manufacture of chemicals and chemical products'],
      ['21', 'Manufacture of basic pharmaceutical products'],
      ['22', 'Manufacture of rubber and plastic products'],
      ['23', 'Manufacture of other non-metallic mineral products'],
      ['24', 'Manufacture of basic metals'],
      ['25', 'Manufacture of fabricated metal products'],
      ['26', 'Manufacture of computer, electronic and optical products'],
      ['27', 'Manufacture of electrical equipment'],
      ['28', 'Manufacture of machinery and equipment n.e.c.'],
      ['29', 'Manufacture of motor vehicles, trailers and semi-trailers'],
      ['30', 'Manufacture of other transport equipment'],
      ['31', 'Manufacture of furniture'],
      ['32', 'Other manufacturing'],
      ['33', 'Repair and installation of machinery and equipment'],
    ],
  },
  {
    code: 'D',
    name: 'Electricity, gas, steam and air conditioning supply',
    divisions: [['35', 'Electricity, gas, steam and air conditioning supply']],
  },
  {
    code: 'E',
    name: 'Water supply; sewerage, waste management and remediation',
    divisions: [
      ['36', 'Water collection, treatment and supply'],
      ['37', 'Sewerage'],
      ['38', 'Waste collection, treatment and disposal; materials recovery'],
      ['39', 'Remediation and other waste management services'],
    ],
  },
  {
    code: 'F',
    name: 'Construction',
    divisions: [
      ['41', 'Construction of buildings'],
      ['42', 'Civil engineering'],
      ['43', 'Specialised construction activities'],
    ],
  },
  {
    code: 'G',
    name: 'Wholesale and retail trade; repair of motor vehicles',
    divisions: [
      ['45', 'Wholesale and retail trade and repair of motor vehicles'],
      ['46', 'Wholesale trade'],
      ['47', 'Retail trade'],
    ],
  },
  {
    code: 'H',
    name: 'Transportation and storage',
    divisions: [
      ['49', 'Land transport and transport via pipelines'],
      ['50', 'Water transport'],
      ['51', 'Air transport'],
      ['52', 'Warehousing and support activities for transportation'],
      ['53', 'Postal and courier activities'],
    ],
  },
  {
    code: 'I',
    name: 'Accommodation and food service activities',
    divisions: [
      ['55', 'Accommodation'],
      ['56', 'Food and beverage service activities'],
    ],
  },
  {
    code: 'J',
    name: 'Information and communication',
    divisions: [
      ['58', 'Publishing activities'],
      ['59', 'Motion picture, video and television production, sound recording'],
      ['60', 'Programming and broadcasting activities'],
      ['61', 'Telecommunications'],
      ['62', 'Computer programming, consultancy and related activities'],
      ['63', 'Information service activities'],
    ],
  },
  {
    code: 'K',
    name: 'Financial and insurance activities',
    divisions: [
      ['64', 'Financial service activities'],
      ['65', 'Insurance, reinsurance and pension funding'],
      ['66', 'Activities auxiliary to financial services and insurance'],
    ],
  },
  { code: 'L', name: 'Real estate activities', divisions: [['68', 'Real estate activities']] },
  {
    code: 'M',
    name: 'Professional, scientific and technical activities',
    divisions: [
      ['69', 'Legal and accounting activities'],
      ['70', 'Activities of head offices; management consultancy'],
      ['71', 'Architectural and engineering activities; technical testing'],
      ['72', 'Scientific research and development'],
      ['73', 'Advertising and market research'],
      ['74', 'Other professional, scientific and technical activities'],
      ['75', 'Veterinary activities'],
    ],
  },
  {
    code: 'N',
    name: 'Administrative and support service activities',
    divisions: [
      ['77', 'Rental and leasing activities'],
      ['78', 'Employment activities'],
      ['79', 'Travel agency, tour operator and reservation services'],
      ['80', 'Security and investigation activities'],
      ['81', 'Services to buildings and landscape activities'],
      ['82', 'Office administrative and business support activities'],
    ],
  },
  {
    code: 'O',
    name: 'Public administration and defence; compulsory social security',
    divisions: [['84', 'Public administration and defence; compulsory social security']],
  },
  { code: 'P', name: 'Education', divisions: [['85', 'Education']] },
  {
    code: 'Q',
    name: 'Human health and social work activities',
    divisions: [
      ['86', 'Human health activities'],
      ['87', 'Residential care activities'],
      ['88', 'Social work activities without accommodation'],
    ],
  },
  {
    code: 'R',
    name: 'Arts, entertainment and recreation',
    divisions: [
      ['90', 'Creative, arts and entertainment activities'],
      ['91', 'Libraries, archives, museums and other cultural activities'],
      ['92', 'Gambling and betting activities'],
      ['93', 'Sports activities and amusement and recreation activities'],
    ],
  },
  {
    code: 'S',
    name: 'Other service activities',
    divisions: [
      ['94', 'Activities of membership organisations'],
      ['95', 'Repair of computers and personal and household goods'],
      ['96', 'Other personal service activities'],
    ],
  },
  {
    code: 'T',
    name: 'Activities of households as employers',
    divisions: [
      ['97', 'Activities of households as employers of domestic personnel'],
      ['98', 'Undifferentiated goods- and services-producing activities of households'],
    ],
  },
  {
    code: 'U',
    name: 'Activities of extraterritorial organisations and bodies',
    divisions: [['99', 'Activities of extraterritorial organisations and bodies']],
  },
];

/** Grouped options for a select: "C10 Manufacture of food products" under "C Manufacturing". */
export const industryOptions = () =>
  NACE_SECTIONS.map((s) => ({
    group: `${s.code} ${s.name}`,
    items: s.divisions.map(([code, name]) => `${s.code}${code} ${name}`),
  }));
