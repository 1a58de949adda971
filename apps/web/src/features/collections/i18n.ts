import { registerBundles } from '../../i18n/bundles';

/**
 * Texts of adding an answer to a collection, the editor's suggestion lists and "Send now"
 * (namespace `collections`; the screens' older texts are in the common `collections` keys).
 */
const enUS = {
  add: {
    open: 'Add to collection',
    title: 'Add to collection',
    question: 'Question: {{phrase}}',
    existing: 'Your collections',
    none: 'You have no collections yet. Create the first one below.',
    cards: '{{count}} cards',
    cards_one: '{{count}} card',
    already: 'Already in it',
    create_label: 'New collection',
    create_placeholder: 'e.g. Weekly sales',
    create: 'Create and add',
    added: 'Added to "{{name}}"',
    open_collection: 'Open "{{name}}"',
  },
  suggestions: {
    favourites: 'You ask these most',
    history: 'You asked recently',
    model: 'Suggested for your data',
  },
  digest: {
    send_now: 'Send now',
    send_now_hint: 'E-mail this collection’s digest to you now',
    sent: 'The digest is on its way to your inbox.',
    failed: 'Failed to send the digest! Please try again shortly.',
  },
};

type CollectionMessages = typeof enUS;

const enGB: CollectionMessages = enUS;

const tr: CollectionMessages = {
  add: {
    open: 'Koleksiyona ekle',
    title: 'Koleksiyona ekle',
    question: 'Soru: {{phrase}}',
    existing: 'Koleksiyonlarınız',
    none: 'Henüz koleksiyonunuz yok. İlkini aşağıda oluşturun.',
    cards: '{{count}} kart',
    cards_one: '{{count}} kart',
    already: 'Zaten ekli',
    create_label: 'Yeni koleksiyon',
    create_placeholder: 'örn. Haftalık satışlar',
    create: 'Oluştur ve ekle',
    added: '"{{name}}" koleksiyonuna eklendi',
    open_collection: '"{{name}}" koleksiyonunu aç',
  },
  suggestions: {
    favourites: 'En çok sorduklarınız',
    history: 'Son sorduklarınız',
    model: 'Verileriniz için öneriler',
  },
  digest: {
    send_now: 'Şimdi gönder',
    send_now_hint: 'Bu koleksiyonun özetini şimdi e-postanıza gönder',
    sent: 'Özet e-posta kutunuza gönderiliyor.',
    failed: 'Özet gönderilemedi! Lütfen biraz sonra tekrar deneyin.',
  },
};

registerBundles('collections', { 'en-US': enUS, 'en-GB': enGB, tr });
