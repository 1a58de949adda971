import { registerBundles } from '../../i18n/bundles';

/** Texts of the registration form (namespace `onboarding`). */
const enUS = {
  title: 'Complete your registration',
  subtitle: 'Tell us a little about yourself so we can tailor dates, numbers and reports to you.',
  password: 'Password',
  password_optional: 'Optional: set a password to sign in without a link.',
  repeat_password: 'Repeat password',
  submit: 'Complete registration',
  failed_to_register: 'Failed to Register!',
};

const tr: typeof enUS = {
  title: 'Kaydınızı tamamlayın',
  subtitle: 'Tarihleri, sayıları ve raporları size göre ayarlayabilmemiz için kendinizden biraz bahsedin.',
  password: 'Parola',
  password_optional: 'İsteğe bağlı: bağlantı olmadan giriş yapmak için bir parola belirleyin.',
  repeat_password: 'Parolayı tekrarlayın',
  submit: 'Kaydı tamamla',
  failed_to_register: 'Kayıt yapılamadı!',
};

registerBundles('onboarding', { 'en-US': enUS, 'en-GB': enUS, tr });
