/**
 * Word lists the model generator reads: business synonyms, everyday words a value must not take
 * over, nouns without a plural or with an irregular one, and the participle of an event's noun.
 */
/** Business words people use for the same thing (keys and synonyms are singular or plural as said). */
export const BUSINESS_SYNONYMS: Record<string, string[]> = {
  amount: ['revenue', 'sales', 'total', 'value', 'income', 'turnover'],
  revenue: ['sales', 'amount', 'income', 'turnover'],
  sales: ['revenue', 'amount', 'turnover', 'income'],
  total: ['amount', 'revenue', 'sales'],
  'total amount': ['amount', 'revenue', 'sales', 'total'],
  price: ['cost', 'amount'],
  'unit price': ['price'],
  quantity: ['units', 'units sold', 'items sold', 'volume', 'qty'],
  qty: ['quantity', 'units'],
  freight: ['shipping cost', 'shipping costs', 'freight cost', 'freight costs'],
  'shipping cost': ['freight'],
  customers: ['clients', 'buyers'],
  clients: ['customers'],
  accounts: ['customers', 'clients', 'companies'],
  employees: ['staff', 'headcount', 'workers'],
  staff: ['employees', 'workers', 'headcount'],
  users: ['members'],
  tickets: ['support tickets', 'cases', 'support cases', 'requests', 'support requests', 'issues'],
  orders: ['purchases'],
  invoices: ['bills', 'billing'],
  shipments: ['deliveries', 'parcels'],
  films: ['movies'],
  film: ['movie'],
  products: ['items'],
  product: ['item'],
  suppliers: ['vendors'],
  supplier: ['vendor'],
  shippers: ['carriers', 'shipping companies'],
  shipper: ['carrier', 'shipping company'],
  salary: ['pay', 'wage', 'compensation'],
  'customer lifetime value': ['lifetime value', 'ltv', 'clv', 'cltv'],
  'lifetime value': ['customer lifetime value', 'ltv', 'clv', 'cltv'],
  satisfaction: ['csat', 'satisfaction score'],
};

/** A word inside a longer name said another way: "quantity in stock" is "units in stock". */
export const WORD_SYNONYMS: Record<string, string[]> = {
  quantity: ['units'],
  qty: ['units', 'quantity'],
};

/** What was ordered is what was sold: "quantity ordered" takes the words of the quantity sold. */
export const SALE_PARTICIPLES = new Set(['ordered', 'sold', 'purchased', 'bought']);

/**
 * Words schema names are glued from once a database folds case ("quantityordered",
 * "salesrepemployeenumber" — a MySQL camelCase schema in PostgreSQL): a glued name is read as
 * these words only when it splits into them entirely.
 */
export const SCHEMA_WORDS = new Set(
  `account accounts active address amount bill birth buy by category check city code comment comments company
  contact cost count country created credit customer customers date day department description discount due each
  email employee employees end extension family first from full gross group hire hired html id image in invoice item
  items job key last level limit line lines list manager member members month name net no number of office offices
  order ordered orders paid payment payments phone plan postal price product products quantity region release
  report reports required rep return returned sale sales scale ship shipped shipping start state status stock store
  street tax territory text time title to total type unit units updated user value vendor week year zip zone`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words a value must not take over: everyday question words, and the small words a two-letter
 * code spells ("IN" Indiana, "OR" Oregon: "sales in Europe" is no state).
 */
export const COMMON_WORDS = new Set(
  `a i new old all other others none total top best worst last first next this today month year week day
  quarter yes no true false unknown n/a na null average sum count in on or at to of by as is it an be do
  go so up me am if`
    .split(/\s+/)
    .filter(Boolean),
);
export const UNCOUNTABLE = new Set([
  'traffic',
  'usage',
  'revenue',
  'income',
  'spend',
  'mail',
  'staff',
  'inventory',
  'equipment',
  'information',
  'data',
  'feedback',
  'stock',
  'personnel',
  'media',
  'news',
  'series',
  'software',
]);
export const IRREGULAR: Record<string, string> = {
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  movies: 'movie',
  cookies: 'cookie',
  series: 'series',
  species: 'species',
  analyses: 'analysis',
};
export const PARTICIPLES: Record<string, string> = {
  create: 'created',
  creation: 'created',
  ship: 'shipped',
  order: 'ordered',
  hire: 'hired',
  open: 'opened',
  close: 'closed',
  return: 'returned',
  pay: 'paid',
  payment: 'paid',
  deliver: 'delivered',
  delivery: 'delivered',
  register: 'registered',
  registration: 'registered',
  signup: 'signed up',
  cancel: 'cancelled',
  start: 'started',
  end: 'ended',
  invoice: 'invoiced',
  rental: 'rented',
  rent: 'rented',
  purchase: 'purchased',
  sale: 'sold',
  resolve: 'resolved',
  resolution: 'resolved',
  book: 'booked',
  booking: 'booked',
  join: 'joined',
  publish: 'published',
};
