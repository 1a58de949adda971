/**
 * The hand-written semantic model of the demo dataset (DESIGN §5), and the constants the
 * dataset generator shares with it so both always agree on names and values.
 */
import type { TModelExpr, TSemanticModel } from './semantic-model';

/** About 20 countries, each in exactly one region; weight = share of customers. */
export const DEMO_COUNTRIES: { name: string; region: 'Americas' | 'EMEA' | 'APAC'; weight: number }[] = [
  { name: 'United States', region: 'Americas', weight: 22 },
  { name: 'Canada', region: 'Americas', weight: 5 },
  { name: 'Mexico', region: 'Americas', weight: 3 },
  { name: 'Brazil', region: 'Americas', weight: 4 },
  { name: 'Argentina', region: 'Americas', weight: 2 },
  { name: 'United Kingdom', region: 'EMEA', weight: 9 },
  { name: 'Germany', region: 'EMEA', weight: 9 },
  { name: 'France', region: 'EMEA', weight: 6 },
  { name: 'Spain', region: 'EMEA', weight: 4 },
  { name: 'Italy', region: 'EMEA', weight: 4 },
  { name: 'Netherlands', region: 'EMEA', weight: 3 },
  { name: 'Sweden', region: 'EMEA', weight: 2 },
  { name: 'Poland', region: 'EMEA', weight: 2 },
  { name: 'Turkey', region: 'EMEA', weight: 3 },
  { name: 'South Africa', region: 'EMEA', weight: 1 },
  { name: 'United Arab Emirates', region: 'EMEA', weight: 1 },
  { name: 'Japan', region: 'APAC', weight: 6 },
  { name: 'Australia', region: 'APAC', weight: 5 },
  { name: 'India', region: 'APAC', weight: 5 },
  { name: 'Singapore', region: 'APAC', weight: 2 },
];

export const DEMO_REGIONS = ['Americas', 'EMEA', 'APAC'] as const;
export const DEMO_CHANNELS = [
  'Organic Search',
  'Paid Search',
  'Email',
  'Social',
  'Direct',
  'Referral',
] as const;
export const DEMO_SEGMENTS = ['Consumer', 'SMB', 'Enterprise'] as const;
export const DEMO_STATUSES = ['completed', 'refunded', 'cancelled'] as const;
export const DEMO_DEVICES = ['desktop', 'mobile', 'tablet'] as const;
export const DEMO_CATEGORIES = [
  'Electronics',
  'Home & Kitchen',
  'Clothing',
  'Sports & Outdoors',
  'Beauty',
  'Books',
  'Toys & Games',
  'Garden',
] as const;
export const DEMO_BRANDS = [
  'Acme',
  'Northwind',
  'Contoso',
  'Globex',
  'Initech',
  'Umbrella',
  'Vandelay',
  'Hooli',
  'Soylent',
  'Tyrell',
  'Wonka',
  'Zorin',
] as const;

const PRODUCT_NOUNS: Record<(typeof DEMO_CATEGORIES)[number], string[]> = {
  Electronics: ['Headphones', 'Speaker', 'Charger', 'Keyboard', 'Monitor', 'Webcam', 'Router'],
  'Home & Kitchen': ['Blender', 'Kettle', 'Toaster', 'Cookware Set', 'Knife Block', 'Coffee Maker'],
  Clothing: ['Jacket', 'Hoodie', 'Sneakers', 'Jeans', 'T-Shirt', 'Scarf'],
  'Sports & Outdoors': ['Yoga Mat', 'Tent', 'Backpack', 'Water Bottle', 'Bike Helmet', 'Dumbbells'],
  Beauty: ['Face Cream', 'Shampoo', 'Perfume', 'Lip Balm', 'Hair Dryer'],
  Books: ['Cookbook', 'Novel', 'Atlas', 'Journal', 'Biography'],
  'Toys & Games': ['Puzzle', 'Board Game', 'Building Blocks', 'Plush Bear', 'Drone'],
  Garden: ['Hose', 'Planter', 'Pruning Shears', 'Lawn Mower', 'Bird Feeder'],
};
const PRODUCT_ADJECTIVES = [
  'Classic',
  'Pro',
  'Eco',
  'Smart',
  'Ultra',
  'Mini',
  'Max',
  'Lite',
  'Prime',
  'Nova',
];

/** Base cost per category, so prices look plausible. */
const CATEGORY_COST: Record<(typeof DEMO_CATEGORIES)[number], number> = {
  Electronics: 60,
  'Home & Kitchen': 35,
  Clothing: 22,
  'Sports & Outdoors': 30,
  Beauty: 12,
  Books: 9,
  'Toys & Games': 18,
  Garden: 28,
};

export interface TDemoProduct {
  product_id: number;
  name: string;
  category: string;
  brand: string;
  unit_cost: number;
}

/** 400 products with unique names; deterministic (pure arithmetic on the index). */
export function getDemoProducts(count = 400): TDemoProduct[] {
  const products: TDemoProduct[] = [];
  const seen = new Set<string>();
  for (let i = 0; products.length < count; i++) {
    const category = DEMO_CATEGORIES[i % DEMO_CATEGORIES.length];
    const nouns = PRODUCT_NOUNS[category];
    const noun = nouns[Math.floor(i / 8) % nouns.length];
    const adjective = PRODUCT_ADJECTIVES[Math.floor(i / (8 * nouns.length)) % PRODUCT_ADJECTIVES.length];
    const brand = DEMO_BRANDS[(i * 7 + Math.floor(i / 13)) % DEMO_BRANDS.length];
    const name = `${brand} ${adjective} ${noun}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const variation = ((i * 37) % 100) / 100; // 0..0.99, deterministic spread
    const unit_cost = Math.round(CATEGORY_COST[category] * (0.5 + variation * 1.5) * 100) / 100;
    products.push({ product_id: products.length + 1, name, category, brand, unit_cost });
  }
  return products;
}

const col = (table: string, column: string): TModelExpr => ({ table, col: column });
const completed = [{ table: 'orders', column: 'status', values: ['completed'] }];

/** The demo semantic model: measures and dimensions of DESIGN §5. */
export function getDemoModel(): TSemanticModel {
  return {
    name: 'demo',
    tables: [
      { name: 'customers', label: 'Customers', primaryKey: ['customer_id'] },
      { name: 'products', label: 'Products', primaryKey: ['product_id'] },
      { name: 'orders', label: 'Orders', primaryKey: ['order_id'] },
      { name: 'order_items', label: 'Order Items', primaryKey: [] },
      { name: 'web_traffic', label: 'Web Traffic', primaryKey: [] },
    ],
    joins: [
      { from: 'order_items', fromColumns: ['order_id'], to: 'orders', toColumns: ['order_id'] },
      { from: 'order_items', fromColumns: ['product_id'], to: 'products', toColumns: ['product_id'] },
      { from: 'orders', fromColumns: ['customer_id'], to: 'customers', toColumns: ['customer_id'] },
    ],
    measures: [
      {
        kind: 'aggregate',
        name: 'revenue',
        label: 'Revenue',
        synonyms: [
          'sales',
          'revenues',
          'turnover',
          'income',
          'gmv',
          'net sales',
          'total sales',
          'earnings',
          'takings',
          'total revenue',
          'gross sales',
          'sales revenue',
          'sales amount',
          'sales value',
          'money',
          'money made',
          'proceeds',
        ],
        format: 'currency',
        table: 'order_items',
        agg: 'sum',
        expr: {
          op: '-',
          left: { op: '*', left: col('order_items', 'quantity'), right: col('order_items', 'unit_price') },
          right: col('order_items', 'discount'),
        },
        where: completed,
        time: 'order_date',
      },
      {
        kind: 'aggregate',
        name: 'orders',
        label: 'Orders',
        synonyms: [
          'order count',
          'number of orders',
          'purchases',
          'transactions',
          'sales count',
          'checkouts',
          'number of purchases',
          'number of transactions',
          'order volume',
          'orders placed',
          'baskets',
        ],
        format: 'number',
        table: 'orders',
        agg: 'count_distinct',
        expr: col('orders', 'order_id'),
        where: completed,
        time: 'order_date',
      },
      {
        kind: 'ratio',
        name: 'average_order_value',
        label: 'Average Order Value',
        synonyms: [
          'aov',
          'avg order value',
          'average basket',
          'basket size',
          'average order size',
          'order value',
          'average ticket',
          'avg ticket',
          'ticket size',
          'average ticket size',
          'average transaction value',
          'atv',
          'average basket size',
          'average basket value',
          'basket value',
          'average spend',
          'spend per order',
        ],
        format: 'currency',
        numerator: 'revenue',
        denominator: 'orders',
      },
      {
        kind: 'aggregate',
        name: 'units_sold',
        label: 'Units Sold',
        synonyms: [
          'units',
          'quantity',
          'items sold',
          'quantity sold',
          'volume',
          'unit sales',
          'items',
          'pieces',
          'pieces sold',
          'number of items',
          'number of units',
          'items purchased',
          'units purchased',
          'quantity ordered',
        ],
        format: 'number',
        table: 'order_items',
        agg: 'sum',
        expr: col('order_items', 'quantity'),
        where: completed,
        time: 'order_date',
      },
      {
        kind: 'aggregate',
        name: 'customers',
        label: 'Customers',
        synonyms: [
          'clients',
          'buyers',
          'shoppers',
          'purchasers',
          'active customers',
          'customer count',
          'paying customers',
          'accounts',
          'customer accounts',
          'number of buyers',
          'people who bought',
          'people who ordered',
        ],
        format: 'number',
        table: 'orders',
        agg: 'count_distinct',
        expr: col('orders', 'customer_id'),
        where: completed,
        time: 'order_date',
      },
      {
        kind: 'aggregate',
        name: 'new_customers',
        label: 'New Customers',
        synonyms: ['signups', 'sign ups', 'registrations', 'new clients', 'customer signups', 'new signups'],
        format: 'number',
        table: 'customers',
        agg: 'count',
        time: 'signup_date',
      },
      {
        kind: 'aggregate',
        name: 'refunds',
        label: 'Refunds',
        synonyms: [
          'refunded orders',
          'returns',
          'refund count',
          'number of refunds',
          'returned orders',
          'number of returns',
          'product returns',
        ],
        format: 'number',
        table: 'orders',
        agg: 'count_distinct',
        expr: col('orders', 'order_id'),
        where: [{ table: 'orders', column: 'status', values: ['refunded'] }],
        time: 'order_date',
      },
      {
        kind: 'aggregate',
        name: 'gross_margin',
        label: 'Gross Margin',
        synonyms: ['margin', 'gross profit', 'profit', 'margins', 'profits', 'gross profits', 'gm'],
        format: 'currency',
        table: 'order_items',
        agg: 'sum',
        expr: {
          op: '-',
          left: {
            op: '*',
            left: col('order_items', 'quantity'),
            right: { op: '-', left: col('order_items', 'unit_price'), right: col('products', 'unit_cost') },
          },
          right: col('order_items', 'discount'),
        },
        where: completed,
        time: 'order_date',
      },
      webTraffic('sessions', 'Sessions', [
        'visits',
        'traffic',
        'site visits',
        'web sessions',
        'site traffic',
        'web traffic',
        'website traffic',
        'website visits',
        'number of visits',
      ]),
      webTraffic('users', 'Users', [
        'visitors',
        'unique visitors',
        'web users',
        'site users',
        'website visitors',
        'site visitors',
        'unique users',
        'people',
      ]),
      webTraffic('pageviews', 'Pageviews', [
        'page views',
        'views',
        'pages viewed',
        'pageview',
        'page impressions',
        'page hits',
      ]),
      webTraffic('conversions', 'Conversions', ['converted sessions', 'goal completions']),
      webTraffic('bounces', 'Bounces', ['bounced sessions']),
      {
        kind: 'ratio',
        name: 'bounce_rate',
        label: 'Bounce Rate',
        synonyms: ['bounce', 'bounce percentage', 'bouncerate', 'bounce ratio', 'bounce %'],
        format: 'percent',
        numerator: 'bounces',
        denominator: 'sessions',
      },
      {
        kind: 'ratio',
        name: 'conversion_rate',
        label: 'Conversion Rate',
        synonyms: [
          'cr',
          'cvr',
          'conversion percentage',
          'conv rate',
          'conversion ratio',
          'conversion %',
          'conversion rates',
          // The singular is also the lemma of Conversions: alone it asks which one.
          'conversion',
        ],
        format: 'percent',
        numerator: 'conversions',
        denominator: 'sessions',
      },
    ],
    dimensions: [
      {
        name: 'region',
        label: 'Region',
        synonyms: ['regions', 'area', 'territory', 'geo'],
        sources: [{ table: 'orders', column: 'region' }],
        values: [...DEMO_REGIONS],
        valueSynonyms: {
          europe: 'EMEA',
          'north america': 'Americas',
          america: 'Americas',
          asia: 'APAC',
          'asia pacific': 'APAC',
        },
      },
      {
        name: 'country',
        label: 'Country',
        synonyms: ['countries', 'market', 'markets', 'nation'],
        sources: [
          { table: 'orders', column: 'country' },
          { table: 'web_traffic', column: 'country' },
          { table: 'customers', column: 'country' },
        ],
        values: DEMO_COUNTRIES.map((c) => c.name),
        valueSynonyms: {
          // Never a bare lower-case "us" — that is the pronoun ("show us revenue").
          // An upper-case "US" in a question is normalised to "u.s" (text.ts), as "U.S." is.
          usa: 'United States',
          'u.s': 'United States',
          'u.s.a': 'United States',
          'in us': 'United States',
          'the us': 'United States',
          'the usa': 'United States',
          'united states of america': 'United States',
          uk: 'United Kingdom',
          'the uk': 'United Kingdom',
          britain: 'United Kingdom',
          'great britain': 'United Kingdom',
          england: 'United Kingdom',
          holland: 'Netherlands',
          'the netherlands': 'Netherlands',
          türkiye: 'Turkey',
          turkiye: 'Turkey',
          uae: 'United Arab Emirates',
          deutschland: 'Germany',
        },
      },
      {
        name: 'channel',
        label: 'Channel',
        synonyms: ['channels', 'source', 'traffic source', 'marketing channel', 'acquisition channel'],
        sources: [
          { table: 'orders', column: 'channel' },
          { table: 'web_traffic', column: 'channel' },
        ],
        values: [...DEMO_CHANNELS],
        valueSynonyms: {
          seo: 'Organic Search',
          organic: 'Organic Search',
          ppc: 'Paid Search',
          sem: 'Paid Search',
          paid: 'Paid Search',
          'social media': 'Social',
          'social networks': 'Social',
          'e-mail': 'Email',
          newsletter: 'Email',
          newsletters: 'Email',
          emails: 'Email',
          'email marketing': 'Email',
          'email campaigns': 'Email',
          mailings: 'Email',
          ads: 'Paid Search',
          'paid ads': 'Paid Search',
          'google ads': 'Paid Search',
          adwords: 'Paid Search',
          cpc: 'Paid Search',
          'search ads': 'Paid Search',
          'search engines': 'Organic Search',
          'natural search': 'Organic Search',
          referrals: 'Referral',
        },
      },
      {
        name: 'status',
        label: 'Status',
        synonyms: ['order status', 'statuses'],
        sources: [{ table: 'orders', column: 'status' }],
        values: [...DEMO_STATUSES],
        valueSynonyms: { canceled: 'cancelled', complete: 'completed' },
      },
      {
        name: 'segment',
        label: 'Segment',
        synonyms: ['segments', 'customer segment', 'customer type'],
        sources: [{ table: 'customers', column: 'segment' }],
        values: [...DEMO_SEGMENTS],
        valueSynonyms: {
          consumers: 'Consumer',
          enterprises: 'Enterprise',
          'small business': 'SMB',
          smbs: 'SMB',
        },
      },
      {
        name: 'category',
        label: 'Category',
        synonyms: ['categories', 'product category', 'product categories', 'department'],
        sources: [{ table: 'products', column: 'category' }],
        values: [...DEMO_CATEGORIES],
        valueSynonyms: {
          toys: 'Toys & Games',
          games: 'Toys & Games',
          sports: 'Sports & Outdoors',
          kitchen: 'Home & Kitchen',
          'home and kitchen': 'Home & Kitchen',
          'sports and outdoors': 'Sports & Outdoors',
          'toys and games': 'Toys & Games',
          apparel: 'Clothing',
        },
      },
      {
        name: 'brand',
        label: 'Brand',
        synonyms: ['brands', 'manufacturer'],
        sources: [{ table: 'products', column: 'brand' }],
        values: [...DEMO_BRANDS],
      },
      {
        name: 'product',
        label: 'Product',
        synonyms: ['products', 'product name', 'item', 'items', 'sku', 'skus'],
        sources: [{ table: 'products', column: 'name' }],
        values: getDemoProducts().map((p) => p.name),
      },
      {
        // A customer is named by its e-mail: names repeat across customers, e-mails do not.
        name: 'customer',
        label: 'Customer',
        synonyms: ['customer', 'client', 'buyer', 'customer email'],
        sources: [{ table: 'customers', column: 'email' }],
        values: [],
      },
      {
        name: 'device',
        label: 'Device',
        synonyms: ['devices', 'device type', 'platform'],
        sources: [{ table: 'web_traffic', column: 'device' }],
        values: [...DEMO_DEVICES],
        valueSynonyms: {
          phone: 'mobile',
          phones: 'mobile',
          smartphone: 'mobile',
          computer: 'desktop',
          pc: 'desktop',
          tablets: 'tablet',
          ipad: 'tablet',
        },
      },
    ],
    timeDimensions: [
      {
        name: 'order_date',
        label: 'Order Date',
        synonyms: ['order date', 'purchase date'],
        table: 'orders',
        column: 'order_date',
        dataType: 'date',
      },
      {
        name: 'date',
        label: 'Date',
        synonyms: ['traffic date', 'visit date'],
        table: 'web_traffic',
        column: 'date',
        dataType: 'date',
      },
      {
        name: 'signup_date',
        label: 'Signup Date',
        synonyms: ['signup date', 'registration date', 'join date'],
        table: 'customers',
        column: 'signup_date',
        dataType: 'date',
      },
    ],
  };
}

function webTraffic(column: string, label: string, synonyms: string[]) {
  return {
    kind: 'aggregate' as const,
    name: column,
    label,
    synonyms,
    format: 'number' as const,
    table: 'web_traffic',
    agg: 'sum' as const,
    expr: col('web_traffic', column),
    time: 'date',
  };
}
