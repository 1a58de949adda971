/** The server's Turkish texts: reports, digests, the unsubscribe page. */
import { hhiBand, type ServerCatalogue } from './catalogue';

export const tr: ServerCatalogue = {
  language: 'tr',
  numbers: { group: '.', decimal: ',' },
  report: {
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
      source: (name) => `Veri kaynağı: ${name}.`,
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
      empty: (period) =>
        `Veri kaynağında ${period} döneminde hareket yok; raporlanacak temel ölçü bulunmuyor.`,
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
      level: (hhi) => ['yoğunlaşmamış', 'orta düzeyde yoğun', 'yüksek düzeyde yoğun'][hhiBand(hhi)]!,
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
  },
  digest: {
    title: { daily: 'Günlük özet', weekly: 'Haftalık özet', monthly: 'Aylık özet', now: 'Özet' },
    first: 'Bu kartın ilk özeti: henüz karşılaştırılacak bir şey yok.',
    changed: (label, now, change, was) =>
      change
        ? `${label}: ${now}, son özetten bu yana ${change} (önceki: ${was})`
        : `${label}: ${now} (son özette: ${was})`,
    same: (label, now) => `${label}: ${now}, son özetten bu yana değişmedi`,
    rows: (shown, total) => `${total} satırın ilk ${shown} satırı; tümü ekteki CSV dosyasında.`,
    noAnswer: 'Bu kart yanıtlanamadı',
    open: 'Koleksiyonu aç',
    unsubscribe: 'Bu özetin aboneliğinden çık',
    why: 'Bu e-postayı, bu koleksiyonun özeti açık olduğu için alıyorsunuz.',
    other: 'Diğer',
    previous: 'Önceki',
    soFar: 'şu ana kadar',
    partial: 'kısmi',
    total: 'Toplam',
    chartRows: (shown, total) =>
      `Grafik ${total} kaydın ilk ${shown} tanesini gösteriyor; tümü ekteki CSV dosyasında.`,
    chartTop: (shown, total) => `İlk ${shown} / ${total}`,
    chartOther: (shown, total, other) => `İlk ${shown} / ${total}; kalanlar “${other}” içinde`,
  },
  unsubscribe: {
    done: (name) => `“${name}” özetini artık almayacaksınız.`,
    again: 'Özeti koleksiyonun ayarlarından yeniden açabilirsiniz.',
    title: 'Abonelikten çıkıldı',
    failed: 'Bu bağlantı çalışmıyor',
  },
  cardMail: {
    comparedWith: (period) => `${period} ile karşılaştırma`,
    source: (name) => `Kaynak: ${name}`,
    dataRead: (date) => `Veri okuma zamanı: ${date}`,
    dataAsOf: (date) => `Veriler ${date} itibarıyla`,
    insights: 'İçgörüler',
    chartAlt: (title) => `${title} grafiği`,
  },
  cardCsv: { period: 'Dönem', comparison: 'Karşılaştırma dönemi' },
  alerts: {
    firedTitle: (phrase) => `Uyarı: “${phrase}”`,
    firedLead: (period, value, change, previous) =>
      `${period}: ${value}${change ? ` (${change}${previous ? `, önceki ${previous}` : ''})` : ''}`,
    groups: (names) => `Koşulu karşılayan gruplar: ${names}`,
    why: 'Neden',
    failingTitle: (phrase) => `Uyarı denetlenemiyor: “${phrase}”`,
    failingText: (reason) =>
      `Kaynağı yanıt vermedi (${reason}). Yeniden yanıt verdiğinde bir kez daha haber vereceğiz.`,
    recoveredTitle: (phrase) => `Uyarı yeniden denetleniyor: “${phrase}”`,
    recoveredText: 'Kaynağı yeniden yanıt veriyor; uyarı yeniden izlemede.',
    open: 'Kartı aç',
    mute: 'Bu uyarıyı sustur',
    muteWhy: 'Bu e-postayı bu uyarıyı kurduğunuz için alıyorsunuz.',
    mutedTitle: 'Uyarı susturuldu',
    muted: (phrase) =>
      `“${phrase}” uyarısı duraklatıldı. Uygulamadaki uyarılarınızdan yeniden açabilirsiniz.`,
    muteFailed: 'Bu susturma bağlantısı geçerli değil.',
  },
  notifications: {
    verifiedBroken: {
      title: (phrase) => `Doğrulanmış bir soru bozuldu: “${phrase}”`,
      text: (phrase, reason) =>
        `“${phrase}” artık doğrulandığı gibi yanıtlanmıyor: ${reason}. Düzeltmek için modeli açın.`,
    },
    reason: {
      missing: ({ field, name }) => `${FIELD_NAMES[field]} ${name} artık modelde yok`,
      compile: ({ message }) => `artık derlenemiyor: ${message}`,
      failed: ({ message }) => `sorgu başarısız oldu: ${message}`,
      columns: ({ added, removed }) =>
        `sütunları değişti: ${[...added.map((c) => `+ ${c}`), ...removed.map((c) => `− ${c}`)].join(' ')}`,
    },
  },
};

const FIELD_NAMES = { measure: 'Ölçü', dimension: 'Boyut', time: 'Zaman boyutu', filter: 'Alan' };
