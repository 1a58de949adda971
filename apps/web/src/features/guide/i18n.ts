import { registerBundles } from '../../i18n/bundles';

/** Texts of the dashboard's Getting started guide (namespace `guide`). */
const enUS = {
  title: 'Getting started',
  progress: '{{done}} of 3 done',
  dismiss: 'Hide this guide',
  dismiss_label: 'Hide the Getting started guide',
  done: 'Done',
  not_done: 'Not done yet',
  skipped: 'Skipped',
  data_source: {
    title: 'Connect a data source',
    todo: 'Upload a CSV or Parquet file, or connect a database, so answers are about your business.',
    done_one: 'Connected: {{count}} data source of your own.',
    done_other: 'Connected: {{count}} data sources of your own.',
    action: 'Add a data source',
  },
  assistant: {
    title: 'Link to an assistant',
    todo: 'Ask your questions from Alexa, Microsoft Teams or an AI assistant: link one to your account.',
    skipped: 'Skipped for now. You can link an assistant at any time.',
    done_one: 'Linked: {{count}} assistant.',
    done_other: 'Linked: {{count}} assistants.',
    skip: 'Skip for now',
    undo: 'Undo skip',
    action: 'Link an assistant',
  },
  all_set: {
    title: 'All set',
    todo: 'Finish the steps above and you are ready to ask.',
    done: 'You are ready. Ask your first question about your data.',
    action: 'Ask a question',
  },
  failed: 'Could not save your choice. Please try again.',
};

const enGB: typeof enUS = {
  ...enUS,
  data_source: {
    ...enUS.data_source,
    todo: 'Upload a CSV or Parquet file, or connect a database, so that answers are about your business.',
  },
};

const tr: typeof enUS = {
  title: 'Başlarken',
  progress: '3 adımdan {{done}} tanesi tamam',
  dismiss: 'Bu rehberi gizle',
  dismiss_label: 'Başlarken rehberini gizle',
  done: 'Tamamlandı',
  not_done: 'Henüz tamamlanmadı',
  skipped: 'Atlandı',
  data_source: {
    title: 'Bir veri kaynağı bağlayın',
    todo: 'Yanıtların işletmenizle ilgili olması için bir CSV veya Parquet dosyası yükleyin ya da bir veritabanı bağlayın.',
    done_one: 'Bağlı: size ait {{count}} veri kaynağı.',
    done_other: 'Bağlı: size ait {{count}} veri kaynağı.',
    action: 'Veri kaynağı ekle',
  },
  assistant: {
    title: 'Bir asistana bağlanın',
    todo: 'Sorularınızı Alexa, Microsoft Teams veya bir yapay zekâ asistanından sorun: hesabınıza bir tane bağlayın.',
    skipped: 'Şimdilik atlandı. İstediğiniz zaman bir asistan bağlayabilirsiniz.',
    done_one: 'Bağlı: {{count}} asistan.',
    done_other: 'Bağlı: {{count}} asistan.',
    skip: 'Şimdilik atla',
    undo: 'Atlamayı geri al',
    action: 'Asistan bağla',
  },
  all_set: {
    title: 'Her şey hazır',
    todo: 'Yukarıdaki adımları tamamlayın, ardından sormaya hazırsınız.',
    done: 'Hazırsınız. Verinizle ilgili ilk sorunuzu sorun.',
    action: 'Soru sor',
  },
  failed: 'Seçiminiz kaydedilemedi. Lütfen tekrar deneyin.',
};

registerBundles('guide', { 'en-US': enUS, 'en-GB': enGB, tr });
