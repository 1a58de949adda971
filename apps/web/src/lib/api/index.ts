export * from './client';
export { type UploadKey, type UploadOptions, uploadFile } from './upload';
