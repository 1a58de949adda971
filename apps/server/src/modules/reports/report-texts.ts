/** The report's words in the owner's language (en-US, en-GB → English; tr → Turkish). */
import type { TKeyTheme, TReportName } from '@parley/contract';

type Direction = 'up' | 'down' | 'flat';
type Grain = 'week' | 'month';

export interface ReportTexts {
  title: Record<TReportName, string>;
  subtitle: (business: string, period: string) => string;
  other: string;
  previous: string;
  noMeasures: string;
  /** The executive summary's heading. */
  summary: string;
  themes: Record<TKeyTheme, string>;
  framing: {
    heading: string;
    business: (name: string, industry: string, countries: string) => string;
    priorities: (text: string) => string;
    goals: (text: string) => string;
    themes: (list: string) => string;
    functions: (list: string) => string;
    noPeopleData: string;
    interest: (text: string) => string;
    clients: (list: string) => string;
  };
  headline: {
    heading: string;
    measure: string;
    change: string;
    empty: (period: string) => string;
    lead: (label: string, value: string, period: string, change: string | null, previous: string) => string;
    others: (items: string[]) => string;
  };
  trend: {
    heading: (label: string) => string;
    tooShort: (points: number) => string;
    lead: (label: string, grain: Grain, direction: Direction, slope: string, pct: string) => string;
    extremes: (grain: Grain, best: string, bestValue: string, worst: string, worstValue: string) => string;
  };
  drivers: {
    heading: string;
    none: string;
    lead: (
      label: string,
      dimension: string,
      value: string,
      base: string,
      share: string,
      change: string,
      total: string,
    ) => string;
    item: (dimension: string, value: string, base: string, share: string) => string;
    others: (items: string[]) => string;
    dimension: string;
    value: string;
    change: string;
    base: string;
    share: string;
  };
  anomalies: {
    heading: string;
    tooShort: (days: number, need: number) => string;
    lead: (days: number, count: number, label: string) => string;
    date: string;
    expected: string;
    deviation: string;
  };
  forecast: {
    heading: string;
    none: string;
    lead: (label: string, when: string, total: string, method: string) => string;
    month: string;
    expected: string;
    low: string;
    high: string;
  };
  concentration: {
    heading: (label: string) => string;
    none: string;
    lead: (
      label: string,
      dimension: string,
      count: number,
      top5: string,
      top: string,
      topShare: string,
    ) => string;
    level: (hhi: number) => string;
    levelHeading: string;
    fewValues: string;
    dimension: string;
    count: string;
    top: string;
    top5: string;
  };
  calendar: {
    heading: string;
    noHolidays: (countries: string, period: string) => string;
    noData: string;
    lead: (count: number, countries: string, effect: string, label: string) => string;
    holiday: string;
    typical: string;
  };
  targets: {
    heading: string;
    none: (names: string) => string;
    lead: (label: string) => string;
    client: string;
  };
  lines: {
    growth: (label: string, value: string, period: string, change: string | null) => string;
    driver: (value: string, dimension: string, share: string, base: string, ahead: boolean) => string;
    anomalies: (count: number, largest: string | null) => string;
    outlook: (total: string, when: string) => string;
    concentration: (label: string, dimension: string, level: string, top: string, share: string) => string;
  };
  mail: {
    intro: string;
    open: string;
    why: string;
    pdf: string;
    notSupported: string;
  };
}

/** HHI bands of the US merger guidelines: below 1 500 unconcentrated, above 2 500 highly concentrated. */
const band = (hhi: number) => (hhi < 1500 ? 0 : hhi <= 2500 ? 1 : 2);

const EN: ReportTexts = {
  title: {
    organisation_strategy: 'Organisation strategy report',
    organisation_opportunity: 'Organisation opportunity report',
    employee_growth: 'Employee growth report',
  },
  subtitle: (business, period) => `${business} · ${period}`,
  other: 'Other',
  previous: 'Previous',
  summary: 'Executive summary',
  noMeasures: 'The connected data source has no dated measure, so there is nothing to report over a period.',
  themes: {
    competition: 'competition',
    labor_market: 'labour market',
    trending_skills: 'trending skills',
    regulation: 'regulation',
    market_insights: 'market insights',
    opportunities: 'opportunities',
    other: 'other',
  },
  framing: {
    heading: 'Scope',
    business: (name, industry, countries) => `${name}, ${industry}, operating in ${countries}.`,
    priorities: (text) => `Strategic priorities: ${text}`,
    goals: (text) => `Goals and OKRs: ${text}`,
    themes: (list) => `Key themes: ${list}.`,
    functions: (list) => `Focus functions: ${list}.`,
    noPeopleData:
      'The connected source holds no people data (headcount, hires, attrition), so this report reads the business measures those functions drive.',
    interest: (text) => `Key points of interest: ${text}`,
    clients: (list) => `Target clients: ${list}.`,
  },
  headline: {
    heading: 'Headline measures',
    measure: 'Measure',
    change: 'Change',
    empty: (period) =>
      `The data source has no activity in ${period}, so there are no headline measures to report.`,
    lead: (label, value, period, change, previous) =>
      change
        ? `${label} was ${value} in ${period}, ${change} against the previous period (${previous}).`
        : `${label} was ${value} in ${period}; the previous period had none to compare with.`,
    others: (items) => `Alongside it: ${items.join(', ')}.`,
  },
  trend: {
    heading: (label) => `${label} trend`,
    tooShort: (points) =>
      `The period has ${points} data point${points === 1 ? '' : 's'}; a trend needs at least 3.`,
    lead: (label, grain, direction, slope, pct) =>
      direction === 'flat'
        ? `${label} was flat across the period (a least-squares slope under 0.5% of the ${grain}ly average).`
        : `${label} moved ${direction} by about ${slope} a ${grain} (${pct} of the ${grain}ly average), by a least-squares fit.`,
    extremes: (grain, best, bestValue, worst, worstValue) =>
      `The strongest ${grain} was ${best} (${bestValue}); the weakest ${worst} (${worstValue}).`,
  },
  drivers: {
    heading: 'What changed and what drove it',
    none: 'The change could not be split by any breakdown of the data.',
    lead: (label, dimension, value, base, share, change, total) =>
      `${value} (${dimension}) made ${base} of ${label} in the previous period but ${share} of its change: it moved ${change} against ${total} overall.`,
    item: (dimension, value, base, share) =>
      `${value} (${dimension}) brought ${share} of the change from ${base} of the base`,
    others: (items) => `Elsewhere: ${items.join('; ')}.`,
    dimension: 'Breakdown',
    value: 'Value',
    change: 'Change',
    base: 'Share before',
    share: 'Share of change',
  },
  anomalies: {
    heading: 'Anomalies',
    tooShort: (days, need) =>
      `The period has ${days} days with data; robust outlier detection needs at least ${need}, so this section is left out.`,
    lead: (days, count, label) =>
      count === 0
        ? `None of the ${days} days stands out: every daily ${label} value is within 3.5 robust standard deviations of its weekday's median.`
        : `${count} of ${days} days stand out: their ${label} is more than 3.5 robust standard deviations (median absolute deviation) from what that weekday usually brings.`,
    date: 'Date',
    expected: 'Typical for the weekday',
    deviation: 'Deviation',
  },
  forecast: {
    heading: 'Outlook for the next period',
    none: 'There is not enough history to forecast the next period.',
    lead: (label, when, total, method) =>
      `For ${when} the model expects ${label} of ${total}${method ? ` (${method}, 95% prediction interval below)` : ''}.`,
    month: 'Month',
    expected: 'Expected',
    low: 'Low (95%)',
    high: 'High (95%)',
  },
  concentration: {
    heading: (label) => `Concentration of ${label}`,
    none: 'The data has no breakdown to measure concentration by.',
    lead: (label, dimension, count, top5, top, topShare) =>
      `Across ${count} ${dimension} values, the top 5 make ${top5} of ${label}; the largest, ${top}, alone makes ${topShare}.`,
    level: (hhi) => ['unconcentrated', 'moderately concentrated', 'highly concentrated'][band(hhi)]!,
    levelHeading: 'Reading',
    fewValues: 'too few values to judge',
    dimension: 'Breakdown',
    count: 'Values',
    top: 'Largest',
    top5: 'Top 5 share',
  },
  calendar: {
    heading: 'Calendar effects',
    noHolidays: (countries, period) => `No public holidays of ${countries} fall in ${period}.`,
    noData: 'The holidays of the period have no data to compare.',
    lead: (count, countries, effect, label) =>
      `On the ${count} public holiday${count === 1 ? '' : 's'} of ${countries} in the period, daily ${label} was on average ${effect} against the median of the same weekday.`,
    holiday: 'Holiday',
    typical: 'Typical for the weekday',
  },
  targets: {
    heading: 'Target clients in the data',
    none: (names) =>
      `None of the target clients (${names}) appear as a value in the connected data, so the figures cover the whole business.`,
    lead: (label) =>
      `Target clients named in the profile that the data knows, with their ${label} over the period:`,
    client: 'Client',
  },
  lines: {
    growth: (label, value, period, change) =>
      change
        ? `${label} reached ${value} in ${period}, ${change} on the previous period.`
        : `${label} reached ${value} in ${period}.`,
    driver: (value, dimension, share, base, ahead) =>
      ahead
        ? `${value} (${dimension}) outperformed: ${share} of the change came from ${base} of the base.`
        : `${value} (${dimension}) lagged: ${share} of the change from ${base} of the base.`,
    anomalies: (count, largest) =>
      count === 0
        ? 'No day stood out from its weekday pattern.'
        : `${count} day${count === 1 ? '' : 's'} stood out from the weekday pattern, the largest on ${largest}.`,
    outlook: (total, when) => `The seasonal model expects ${total} for ${when}.`,
    concentration: (label, dimension, level, top, share) =>
      `By ${dimension}, ${label} is ${level}: ${top} alone makes ${share}.`,
  },
  mail: {
    intro: 'Your report, computed from your connected data.',
    open: 'Open it in the app',
    why: 'You receive this e-mail because this report is scheduled or was generated on your request.',
    pdf: 'The attached PDF holds the same report.',
    notSupported: 'Not enough data',
  },
};

const TR: ReportTexts = {
  title: {
    organisation_strategy: 'Kurum strateji raporu',
    organisation_opportunity: 'Kurum fırsat raporu',
    employee_growth: 'Çalışan gelişimi raporu',
  },
  subtitle: (business, period) => `${business} · ${period}`,
  other: 'Diğer',
  previous: 'Önceki',
  summary: 'Yönetici özeti',
  noMeasures:
    'Bağlı veri kaynağında tarihli bir ölçü yok; bir dönem üzerine raporlanacak bir şey bulunmuyor.',
  themes: {
    competition: 'rekabet',
    labor_market: 'işgücü piyasası',
    trending_skills: 'öne çıkan beceriler',
    regulation: 'mevzuat',
    market_insights: 'pazar içgörüleri',
    opportunities: 'fırsatlar',
    other: 'diğer',
  },
  framing: {
    heading: 'Kapsam',
    business: (name, industry, countries) => `${name}, ${industry}; faaliyet ülkeleri: ${countries}.`,
    priorities: (text) => `Stratejik öncelikler: ${text}`,
    goals: (text) => `Hedefler ve OKR'ler: ${text}`,
    themes: (list) => `Ana temalar: ${list}.`,
    functions: (list) => `Odak işlevler: ${list}.`,
    noPeopleData:
      'Bağlı kaynakta çalışan verisi (kadro, işe alım, ayrılma) yok; bu rapor bu işlevlerin etkilediği iş ölçülerini okur.',
    interest: (text) => `Ana ilgi alanları: ${text}`,
    clients: (list) => `Hedef müşteriler: ${list}.`,
  },
  headline: {
    heading: 'Temel ölçüler',
    measure: 'Ölçü',
    change: 'Değişim',
    empty: (period) => `Veri kaynağında ${period} döneminde hareket yok; raporlanacak temel ölçü bulunmuyor.`,
    lead: (label, value, period, change, previous) =>
      change
        ? `${label}, ${period} döneminde ${value} oldu; önceki döneme (${previous}) göre ${change}.`
        : `${label}, ${period} döneminde ${value} oldu; önceki dönemde karşılaştırılacak değer yok.`,
    others: (items) => `Diğer ölçüler: ${items.join(', ')}.`,
  },
  trend: {
    heading: (label) => `${label} eğilimi`,
    tooShort: (points) => `Dönemde ${points} veri noktası var; eğilim için en az 3 gerekir.`,
    lead: (label, grain, direction, slope, pct) => {
      const unit = grain === 'week' ? 'hafta' : 'ay';
      return direction === 'flat'
        ? `${label} dönem boyunca yatay seyretti (en küçük kareler eğimi ${unit}lık ortalamanın %0,5'inden az).`
        : `${label} her ${unit} yaklaşık ${slope} ${direction === 'up' ? 'arttı' : 'azaldı'} (${unit}lık ortalamanın ${pct}'i; en küçük kareler).`;
    },
    extremes: (grain, best, bestValue, worst, worstValue) => {
      const unit = grain === 'week' ? 'hafta' : 'ay';
      return `En güçlü ${unit} ${best} (${bestValue}), en zayıf ${unit} ${worst} (${worstValue}) oldu.`;
    },
  },
  drivers: {
    heading: 'Ne değişti, neden değişti',
    none: 'Değişim verinin hiçbir kırılımına ayrılamadı.',
    lead: (label, dimension, value, base, share, change, total) =>
      `${value} (${dimension}) önceki dönemde ${label} toplamının ${base} kadarını oluşturuyordu, ancak değişimin ${share} kadarını getirdi: genel ${total} değişime karşı ${change}.`,
    item: (dimension, value, base, share) =>
      `${value} (${dimension}): tabanın ${base} kadarı, değişimin ${share} kadarı`,
    others: (items) => `Diğer kırılımlarda: ${items.join('; ')}.`,
    dimension: 'Kırılım',
    value: 'Değer',
    change: 'Değişim',
    base: 'Önceki pay',
    share: 'Değişimdeki payı',
  },
  anomalies: {
    heading: 'Aykırı günler',
    tooShort: (days, need) =>
      `Dönemde verisi olan ${days} gün var; sağlam aykırı değer tespiti en az ${need} gün ister, bu bölüm atlandı.`,
    lead: (days, count, label) =>
      count === 0
        ? `${days} günün hiçbiri öne çıkmıyor: günlük ${label} değerlerinin tümü haftanın aynı gününün medyanından 3,5 sağlam standart sapma içinde.`
        : `${days} günün ${count} tanesi öne çıkıyor: ${label} değerleri haftanın aynı gününün olağan değerinden 3,5 sağlam standart sapmadan (medyan mutlak sapma) fazla uzak.`,
    date: 'Tarih',
    expected: 'Haftanın günü için olağan',
    deviation: 'Sapma',
  },
  forecast: {
    heading: 'Gelecek dönem beklentisi',
    none: 'Gelecek dönemi tahmin etmek için yeterli geçmiş yok.',
    lead: (label, when, total, method) =>
      `${when} için model ${label} değerini ${total} bekliyor${method ? ` (${method}; %95 tahmin aralığı aşağıda)` : ''}.`,
    month: 'Ay',
    expected: 'Beklenen',
    low: 'Alt (%95)',
    high: 'Üst (%95)',
  },
  concentration: {
    heading: (label) => `${label} yoğunlaşması`,
    none: 'Veride yoğunlaşmayı ölçecek bir kırılım yok.',
    lead: (label, dimension, count, top5, top, topShare) =>
      `${count} ${dimension} değeri arasında ilk 5, ${label} toplamının ${top5}'ini oluşturuyor; en büyüğü ${top} tek başına ${topShare}.`,
    level: (hhi) => ['yoğunlaşmamış', 'orta düzeyde yoğun', 'yüksek düzeyde yoğun'][band(hhi)]!,
    levelHeading: 'Değerlendirme',
    fewValues: 'yorum için çok az değer',
    dimension: 'Kırılım',
    count: 'Değer sayısı',
    top: 'En büyük',
    top5: 'İlk 5 payı',
  },
  calendar: {
    heading: 'Takvim etkileri',
    noHolidays: (countries, period) => `${period} döneminde ${countries} için resmî tatil yok.`,
    noData: 'Dönemin tatillerinde karşılaştırılacak veri yok.',
    lead: (count, countries, effect, label) =>
      `Dönemdeki ${count} resmî tatilde (${countries}) günlük ${label}, haftanın aynı gününün medyanına göre ortalama ${effect} oldu.`,
    holiday: 'Tatil',
    typical: 'Haftanın günü için olağan',
  },
  targets: {
    heading: 'Verideki hedef müşteriler',
    none: (names) =>
      `Hedef müşterilerin (${names}) hiçbiri bağlı veride yer almıyor; rakamlar işin tamamını kapsar.`,
    lead: (label) =>
      `Profilde adı geçen ve veride bulunan hedef müşteriler ile dönemdeki ${label} değerleri:`,
    client: 'Müşteri',
  },
  lines: {
    growth: (label, value, period, change) =>
      change
        ? `${label}, ${period} döneminde ${value} oldu; önceki döneme göre ${change}.`
        : `${label}, ${period} döneminde ${value} oldu.`,
    driver: (value, dimension, share, base, ahead) =>
      ahead
        ? `${value} (${dimension}) öne çıktı: tabanın ${base} kadarından değişimin ${share} kadarı geldi.`
        : `${value} (${dimension}) geride kaldı: tabanın ${base} kadarından değişimin yalnızca ${share} kadarı geldi.`,
    anomalies: (count, largest) =>
      count === 0
        ? 'Hiçbir gün haftalık örüntüden ayrılmadı.'
        : `${count} gün haftalık örüntüden ayrıldı; en büyüğü ${largest}.`,
    outlook: (total, when) => `Mevsimsel model ${when} için ${total} bekliyor.`,
    concentration: (label, dimension, level, top, share) =>
      `${dimension} kırılımında ${label} ${level}: ${top} tek başına ${share}.`,
  },
  mail: {
    intro: 'Bağlı verilerinizden hesaplanan raporunuz.',
    open: 'Uygulamada aç',
    why: 'Bu e-postayı, bu rapor zamanlandığı ya da isteğiniz üzerine oluşturulduğu için alıyorsunuz.',
    pdf: 'Ekteki PDF aynı raporu içerir.',
    notSupported: 'Yeterli veri yok',
  },
};

export const reportTexts = (language: string): ReportTexts => (language === 'tr' ? TR : EN);
