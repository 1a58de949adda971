import { registerBundles } from '../../i18n/bundles';

/**
 * Texts of the assistant consent view and Settings → Linked assistants (namespace `assistants`).
 * Scope keys spell `:` as `_` (i18next reads a colon as a namespace): see scopeKey in words.ts.
 */
const enUS = {
  kind: {
    alexa: 'Alexa',
    msbot: 'Microsoft Teams',
    mcp: 'AI assistant (MCP)',
  },
  scope: {
    email: 'ask questions about your data and read your collections, as you',
    ask: 'ask questions about your data sources',
    collections_read: 'read your collections and their cards',
    other: 'use the access “{{scope}}”',
  },
  consent: {
    title: 'Link {{name}} to your account',
    may: '{{name}} asks to:',
    returns: 'When you choose, you go back to {{host}}.',
    unlink: 'You can unlink it at any time in Settings → Linked assistants.',
    signed_in_as: 'Signed in as {{email}}',
    logo: 'Logo of {{name}}',
    allow: 'Allow',
    deny: 'Deny',
    loading: 'Loading the request',
    failed: 'Could not send your answer. Please try again.',
    load_failed: 'Could not load the request. Please try again.',
    retry: 'Try again',
    expired_title: 'This request has expired',
    expired_text:
      'A request to link an assistant lasts only a few minutes, and this one has expired or is unknown. Start again from the assistant:',
    restart: {
      alexa: 'In the Alexa app, open the skill and choose Link account again.',
      msbot: 'In Microsoft Teams, say “sign in” to the bot again.',
      mcp: 'In your AI assistant, connect to this server again.',
    },
    go_home: 'Go to the dashboard',
  },
  page: {
    subtitle: 'Assistants that may ask questions for you. Revoke any of them at any time.',
    list: 'Linked assistants',
    may: 'May {{what}}.',
    linked: 'Linked {{date}}',
    last_used: 'Last used {{date}}',
    never_used: 'Not used yet',
    revoke: 'Revoke',
    revoke_label: 'Revoke {{name}}',
    revoke_title: 'Revoke {{name}}?',
    revoke_text:
      '{{name}} will no longer be able to ask questions for you. To use it again, link it again from the assistant.',
    revoked: '{{name}} is no longer linked.',
    revoke_failed: 'Could not revoke the assistant. Please try again.',
    digests: 'Send my digests and alerts to this Teams chat',
    digests_failed: 'Could not change where your digests and alerts go. Please try again.',
    load_failed: 'Could not load your linked assistants.',
    empty_title: 'No assistant is linked yet',
    empty_text: 'Link one to ask your questions by voice, in a chat or from an AI assistant:',
    how: {
      alexa: 'Enable the Parley skill in the Alexa app, then choose Link account.',
      msbot: 'Add the Parley bot in Microsoft Teams and say “sign in”.',
      mcp: 'Add {{url}} as a server in your AI assistant and sign in when it asks.',
    },
  },
};

const enGB: typeof enUS = {
  ...enUS,
  page: {
    ...enUS.page,
    subtitle: 'Assistants that may ask questions on your behalf. Revoke any of them at any time.',
  },
};

const tr: typeof enUS = {
  kind: {
    alexa: 'Alexa',
    msbot: 'Microsoft Teams',
    mcp: 'Yapay zekâ asistanı (MCP)',
  },
  scope: {
    email: 'sizin adınıza verileriniz hakkında soru sormak ve koleksiyonlarınızı okumak',
    ask: 'veri kaynaklarınız hakkında soru sormak',
    collections_read: 'koleksiyonlarınızı ve kartlarını okumak',
    other: '“{{scope}}” erişimini kullanmak',
  },
  consent: {
    title: '{{name}} hesabınıza bağlansın mı?',
    may: '{{name}} şunları yapmak istiyor:',
    returns: 'Seçiminizden sonra {{host}} adresine dönersiniz.',
    unlink: 'Bağlantıyı istediğiniz zaman Ayarlar → Bağlı asistanlar bölümünden kaldırabilirsiniz.',
    signed_in_as: '{{email}} olarak giriş yapıldı',
    logo: '{{name}} logosu',
    allow: 'İzin ver',
    deny: 'Reddet',
    loading: 'İstek yükleniyor',
    failed: 'Yanıtınız gönderilemedi. Lütfen tekrar deneyin.',
    load_failed: 'İstek yüklenemedi. Lütfen tekrar deneyin.',
    retry: 'Tekrar dene',
    expired_title: 'Bu isteğin süresi doldu',
    expired_text:
      'Asistan bağlama isteği yalnızca birkaç dakika geçerlidir; bu isteğin süresi dolmuş ya da istek bilinmiyor. Asistandan yeniden başlayın:',
    restart: {
      alexa: 'Alexa uygulamasında beceriyi açın ve yeniden Hesabı bağla seçeneğini seçin.',
      msbot: 'Microsoft Teams’te bota yeniden “sign in” yazın.',
      mcp: 'Yapay zekâ asistanınızda bu sunucuya yeniden bağlanın.',
    },
    go_home: 'Panoya git',
  },
  page: {
    subtitle:
      'Sizin adınıza soru sorabilen asistanlar. Herhangi birinin erişimini istediğiniz zaman kaldırın.',
    list: 'Bağlı asistanlar',
    may: 'Yapabilecekleri: {{what}}.',
    linked: 'Bağlandı: {{date}}',
    last_used: 'Son kullanım: {{date}}',
    never_used: 'Henüz kullanılmadı',
    revoke: 'Erişimi kaldır',
    revoke_label: '{{name}} erişimini kaldır',
    revoke_title: '{{name}} erişimi kaldırılsın mı?',
    revoke_text:
      '{{name}} artık sizin adınıza soru soramayacak. Yeniden kullanmak için asistandan yeniden bağlayın.',
    revoked: '{{name}} artık bağlı değil.',
    revoke_failed: 'Asistanın erişimi kaldırılamadı. Lütfen tekrar deneyin.',
    digests: 'Özetlerimi ve uyarılarımı bu Teams sohbetine gönder',
    digests_failed:
      'Özetlerinizin ve uyarılarınızın gönderileceği yer değiştirilemedi. Lütfen tekrar deneyin.',
    load_failed: 'Bağlı asistanlarınız yüklenemedi.',
    empty_title: 'Henüz bağlı bir asistan yok',
    empty_text:
      'Sorularınızı sesle, bir sohbette ya da bir yapay zekâ asistanından sormak için bir tane bağlayın:',
    how: {
      alexa: 'Alexa uygulamasında Parley becerisini etkinleştirin, ardından Hesabı bağla seçeneğini seçin.',
      msbot: 'Microsoft Teams’te Parley botunu ekleyin ve “sign in” yazın.',
      mcp: '{{url}} adresini yapay zekâ asistanınıza sunucu olarak ekleyin ve sorduğunda giriş yapın.',
    },
  },
};

registerBundles('assistants', { 'en-US': enUS, 'en-GB': enGB, tr });
