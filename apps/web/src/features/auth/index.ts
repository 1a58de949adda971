export { googleRedirectUrl } from './LoginView';
export { NEW_PASSWORD_RULES } from './ResetPasswordView';
