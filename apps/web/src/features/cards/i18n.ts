import i18next from 'i18next';

/** Texts of analysis cards, exports and feedback (namespace `cards`). */
const enUS = {
  view: {
    bar: 'Bar chart',
    'bar-stacked': 'Stacked bar chart',
    line: 'Line chart',
    area: 'Area chart',
    pie: 'Pie chart',
    donut: 'Donut chart',
    table: 'Table',
    image: 'Image',
    insights: 'Insights',
    text: 'Explanation',
  },
  card: 'Analysis card: {{title}}',
  views: 'Card views',
  view_position: '{{view}} ({{index}} of {{count}})',
  next_view: 'Next view',
  show_insights: 'Show insights',
  hide_insights: 'Hide insights',
  show_text: 'Show explanation',
  hide_text: 'Hide explanation',
  expand: 'Open detail view',
  close: 'Close',
  export: 'Export',
  loading: 'Loading card',
  no_data: 'No data for this question.',
  chart_label: '{{view}} of {{title}}',
  image_alt: 'Image for {{title}}',
  insights_title: 'Insights',
  ai_insight: 'AI insight',
  table: {
    label: 'Table of {{title}}',
    sort_by: 'Sort by {{column}}',
    show_percent: 'Show shares in percent',
    show_values: 'Show values',
    total: 'Total',
    other: 'Other',
    previous: 'Previous',
    up: 'up',
    down: 'down',
  },
  exports: {
    title: 'Export card',
    pdf: 'PDF document',
    png: 'PNG image',
    csv: 'CSV table',
    email: 'E-mail to me',
    copy: 'Copy table',
    copied: 'Table copied to the clipboard',
    clipboard_denied: 'Your browser does not allow clipboard access',
    email_sent: 'email sent',
    email_failed: 'Failed to send email! Please try again shortly.',
    failed: 'Export failed',
    working: 'Preparing export',
  },
  feedback: {
    thumbs_up: 'Good answer',
    thumbs_down: 'Bad answer',
    title_positive: 'What did you like?',
    title_negative: 'What went wrong?',
    title_general: 'Send feedback',
    open_general: 'Send feedback',
    harmful: 'This is harmful',
    not_true: "This isn't true",
    not_helpful: "This isn't helpful",
    message: 'Message',
    message_placeholder: 'Tell us more (optional)',
    type: 'Type',
    general_suggestion: 'General suggestion',
    report_problem: 'Report a problem',
    share_card: 'Share the data of the last card with this feedback',
    submit: 'Submit',
    cancel: 'Cancel',
    submitted: 'submitted successfully',
    failed: 'failed to send',
  },
};

export type CardMessages = typeof enUS;

const enGB: CardMessages = {
  ...enUS,
  exports: { ...enUS.exports, email: 'Email to me' },
};

const tr: CardMessages = {
  view: {
    bar: 'Sütun grafik',
    'bar-stacked': 'Yığılmış sütun grafik',
    line: 'Çizgi grafik',
    area: 'Alan grafik',
    pie: 'Pasta grafik',
    donut: 'Halka grafik',
    table: 'Tablo',
    image: 'Görsel',
    insights: 'İçgörüler',
    text: 'Açıklama',
  },
  card: 'Analiz kartı: {{title}}',
  views: 'Kart görünümleri',
  view_position: '{{view}} ({{count}} görünümden {{index}}.)',
  next_view: 'Sonraki görünüm',
  show_insights: 'İçgörüleri göster',
  hide_insights: 'İçgörüleri gizle',
  show_text: 'Açıklamayı göster',
  hide_text: 'Açıklamayı gizle',
  expand: 'Ayrıntı görünümünü aç',
  close: 'Kapat',
  export: 'Dışa aktar',
  loading: 'Kart yükleniyor',
  no_data: 'Bu soru için veri yok.',
  chart_label: '{{title}} – {{view}}',
  image_alt: '{{title}} görseli',
  insights_title: 'İçgörüler',
  ai_insight: 'Yapay zekâ içgörüsü',
  table: {
    label: '{{title}} tablosu',
    sort_by: '{{column}} sütununa göre sırala',
    show_percent: 'Payları yüzde olarak göster',
    show_values: 'Değerleri göster',
    total: 'Toplam',
    other: 'Diğer',
    previous: 'Önceki',
    up: 'artış',
    down: 'düşüş',
  },
  exports: {
    title: 'Kartı dışa aktar',
    pdf: 'PDF belgesi',
    png: 'PNG görseli',
    csv: 'CSV tablosu',
    email: 'Bana e-posta ile gönder',
    copy: 'Tabloyu kopyala',
    copied: 'Tablo panoya kopyalandı',
    clipboard_denied: 'Tarayıcınız panoya erişime izin vermiyor',
    email_sent: 'e-posta gönderildi',
    email_failed: 'E-posta gönderilemedi! Lütfen biraz sonra tekrar deneyin.',
    failed: 'Dışa aktarma başarısız oldu',
    working: 'Dışa aktarma hazırlanıyor',
  },
  feedback: {
    thumbs_up: 'İyi yanıt',
    thumbs_down: 'Kötü yanıt',
    title_positive: 'Neyi beğendiniz?',
    title_negative: 'Ne ters gitti?',
    title_general: 'Geri bildirim gönder',
    open_general: 'Geri bildirim gönder',
    harmful: 'Bu zararlı',
    not_true: 'Bu doğru değil',
    not_helpful: 'Bu yardımcı olmadı',
    message: 'Mesaj',
    message_placeholder: 'Daha fazlasını anlatın (isteğe bağlı)',
    type: 'Tür',
    general_suggestion: 'Genel öneri',
    report_problem: 'Sorun bildir',
    share_card: 'Son kartın verilerini bu geri bildirimle paylaş',
    submit: 'Gönder',
    cancel: 'Vazgeç',
    submitted: 'başarıyla gönderildi',
    failed: 'gönderilemedi',
  },
};

export const CARD_MESSAGES = { 'en-US': enUS, 'en-GB': enGB, tr } as const;

/** Adds a namespace's bundles to i18next now, or once it is initialised (tests, early imports). */
export function registerBundles(ns: string, bundles: Record<string, object>): void {
  const add = () => {
    for (const [lng, messages] of Object.entries(bundles))
      i18next.addResourceBundle(lng, ns, messages, true, true);
  };
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

registerBundles('cards', CARD_MESSAGES);
