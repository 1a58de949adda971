import { registerBundles } from '../../i18n/bundles';

/** Texts of sign-in, sign-up, recovery (`login`) and logout (namespace `auth`). */
const enUS = {
  login: {
    title: 'Sign in',
    subtitle: 'Welcome back. Sign in to ask your data anything.',
    email: 'Email',
    email_placeholder: 'you@company.com',
    password: 'Password',
    change: 'Change',
    continue: 'Continue',
    forgot_password: 'Forgot password?',
    or: 'or',
    continue_with_google: 'Continue with Google',
    sign_in_with_link: 'Email me a sign-in link',
    go_back: 'Go back',
    no_account: 'No account yet?',
    register: 'Register',
    password_required: 'Password field is required!',
    failed_to_login: 'Failed to login!',
    link_expired: 'This link has expired or was already used. Please request a new one.',
    signing_in: 'Signing you in',
    magic_link_failed: "Couldn't send signin email. Please try again soon or use another signin method.",
    failed_to_register: 'Failed to Register!',
    failed_to_send_recovery: 'Failed to send recovery link!',
    login_with_link_title: 'Sign in with a link',
    login_with_link_subtitle: 'We will email you a link that signs you in without a password.',
    login_with_link_submit: 'Send sign-in link',
    register_title: 'Create your account',
    register_subtitle: 'Enter your work email and we will send you a link to get started.',
    register_submit: 'Register',
    forgot_password_title: 'Reset your password',
    forgot_password_subtitle: 'Enter your email and we will send you a link to choose a new password.',
    forgot_password_submit: 'Send recovery link',
    check_inbox: 'Check your inbox',
    login_with_link_confirm_message: 'We sent a sign-in link to {{email}}.',
    register_confirm_message: 'We sent a link to {{email}} to finish creating your account.',
    forgot_password_confirm_message: 'If an account exists for {{email}}, a recovery link is on its way.',
    link_expiry: 'The link expires in one hour and can be used only once.',
    back_to_login: 'Back to sign in',
    reset_password_title: 'Choose a new password',
    reset_password_subtitle: 'Use at least 8 characters with a letter, a number and a special character.',
    reset_link_invalid: 'This password reset link is incomplete. Please request a new one.',
    reset_password_submit: 'Save new password',
    password_changed_successfully: 'Your password has been changed successfully.',
    failed_to_reset_password: 'Failed to reset password!',
  },
  logout: {
    title: 'Log out',
    confirm_message: 'Are you sure you want to log out?',
    confirm: 'Log out',
  },
};

const enGB: typeof enUS = {
  ...enUS,
  login: {
    ...enUS.login,
    register_subtitle: 'Enter your work e-mail and we will send you a link to get started.',
    password_changed_successfully: 'Your password has been changed.',
  },
};

const tr: typeof enUS = {
  login: {
    title: 'Giriş yap',
    subtitle: 'Tekrar hoş geldiniz. Verilerinize her şeyi sormak için giriş yapın.',
    email: 'E-posta',
    email_placeholder: 'siz@sirket.com',
    password: 'Parola',
    change: 'Değiştir',
    continue: 'Devam',
    forgot_password: 'Parolanızı mı unuttunuz?',
    or: 'veya',
    continue_with_google: 'Google ile devam et',
    sign_in_with_link: 'Bana giriş bağlantısı gönder',
    go_back: 'Geri dön',
    no_account: 'Hesabınız yok mu?',
    register: 'Kayıt ol',
    password_required: 'Parola alanı zorunludur!',
    failed_to_login: 'Giriş yapılamadı!',
    link_expired:
      'Bu bağlantının süresi dolmuş ya da bağlantı daha önce kullanılmış. Lütfen yenisini isteyin.',
    signing_in: 'Giriş yapılıyor',
    magic_link_failed:
      'Giriş e-postası gönderilemedi. Lütfen birazdan tekrar deneyin ya da başka bir giriş yöntemi kullanın.',
    failed_to_register: 'Kayıt yapılamadı!',
    failed_to_send_recovery: 'Kurtarma bağlantısı gönderilemedi!',
    login_with_link_title: 'Bağlantı ile giriş yap',
    login_with_link_subtitle:
      'Parola gerektirmeden giriş yapmanızı sağlayan bir bağlantıyı e-postanıza gönderelim.',
    login_with_link_submit: 'Giriş bağlantısı gönder',
    register_title: 'Hesabınızı oluşturun',
    register_subtitle: 'İş e-posta adresinizi girin, başlamanız için size bir bağlantı gönderelim.',
    register_submit: 'Kayıt ol',
    forgot_password_title: 'Parolanızı sıfırlayın',
    forgot_password_subtitle:
      'E-posta adresinizi girin, yeni bir parola seçmeniz için size bir bağlantı gönderelim.',
    forgot_password_submit: 'Kurtarma bağlantısı gönder',
    check_inbox: 'Gelen kutunuzu kontrol edin',
    login_with_link_confirm_message: '{{email}} adresine bir giriş bağlantısı gönderdik.',
    register_confirm_message:
      'Hesabınızı oluşturmayı tamamlamanız için {{email}} adresine bir bağlantı gönderdik.',
    forgot_password_confirm_message: '{{email}} için bir hesap varsa kurtarma bağlantısı yola çıktı.',
    link_expiry: 'Bağlantının süresi bir saat sonra dolar ve yalnızca bir kez kullanılabilir.',
    back_to_login: 'Girişe dön',
    reset_password_title: 'Yeni bir parola seçin',
    reset_password_subtitle:
      'En az 8 karakter kullanın; bir harf, bir rakam ve bir özel karakter içermelidir.',
    reset_link_invalid: 'Bu parola sıfırlama bağlantısı eksik. Lütfen yenisini isteyin.',
    reset_password_submit: 'Yeni parolayı kaydet',
    password_changed_successfully: 'Parolanız başarıyla değiştirildi.',
    failed_to_reset_password: 'Parola sıfırlanamadı!',
  },
  logout: {
    title: 'Çıkış yap',
    confirm_message: 'Çıkış yapmak istediğinizden emin misiniz?',
    confirm: 'Çıkış yap',
  },
};

registerBundles('auth', { 'en-US': enUS, 'en-GB': enGB, tr });
