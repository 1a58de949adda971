import { registerBundles } from '../../i18n/bundles';

/** Texts of the conversation screen (namespace `conversation`). */
const enUS = {
  title: 'Conversation',
  subtitle: 'Ask about your data in plain language.',
  today: 'Today',
  yesterday: 'Yesterday',
  log_label: 'Conversation history',
  load_earlier: 'Show earlier questions',
  loading_earlier: 'Loading earlier questions',
  thinking: 'Working on your answer',
  you_asked: 'You asked',
  server_error:
    'Sorry, this is not working properly. We now know about this mistake and are working to fix it.',
  request_failed: 'Could not reach the server. Please check your connection and try again.',
  history_failed: 'Failed to load the conversation history.',
  empty_title: 'Ask your first question',
  empty_text: 'Try one of these, or type your own below.',
  starters_about: 'Questions about “{{source}}”. Try one, or type your own below.',
  search_label: 'Ask a question',
  search_placeholder: 'Ask a question about your data…',
  send: 'Send question',
  history: 'Recent searches',
  you_may_ask: 'You may ask',
  remove_history: 'Remove from recent searches',
  remove_hint: 'Press Delete to remove a recent search.',
  suggestions: 'Suggestions',
  feedback_label: 'Rate this answer',
};
type ConversationMessages = typeof enUS;

const tr: ConversationMessages = {
  title: 'Sohbet',
  subtitle: 'Verilerinize gündelik dille soru sorun.',
  today: 'Bugün',
  yesterday: 'Dün',
  log_label: 'Sohbet geçmişi',
  load_earlier: 'Önceki soruları göster',
  loading_earlier: 'Önceki sorular yükleniyor',
  thinking: 'Yanıtınız hazırlanıyor',
  you_asked: 'Sorunuz',
  server_error: 'Üzgünüz, bu şu anda düzgün çalışmıyor. Hatadan haberdarız ve düzeltmek için çalışıyoruz.',
  request_failed: 'Sunucuya ulaşılamadı. Lütfen bağlantınızı kontrol edip tekrar deneyin.',
  history_failed: 'Sohbet geçmişi yüklenemedi.',
  empty_title: 'İlk sorunuzu sorun',
  empty_text: 'Bunlardan birini deneyin ya da aşağıya kendi sorunuzu yazın.',
  starters_about: '“{{source}}” hakkında sorular. Birini deneyin ya da aşağıya kendi sorunuzu yazın.',
  search_label: 'Bir soru sorun',
  search_placeholder: 'Verileriniz hakkında bir soru sorun…',
  send: 'Soruyu gönder',
  history: 'Son aramalar',
  you_may_ask: 'Şunları sorabilirsiniz',
  remove_history: 'Son aramalardan kaldır',
  remove_hint: 'Son bir aramayı kaldırmak için Delete tuşuna basın.',
  suggestions: 'Öneriler',
  feedback_label: 'Bu yanıtı değerlendirin',
};

registerBundles('conversation', { 'en-US': enUS, 'en-GB': enUS, tr });
