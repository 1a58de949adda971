/** What other features use from settings: the photo field and its modal (onboarding). */
export { PhotoField } from './components/PhotoField';
export { PhotoModal, type PhotoModalProps } from './components/PhotoModal';
