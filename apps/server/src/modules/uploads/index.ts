export { uploadRoutes } from './uploads.routes';
export { saveUpload, uploadAnswerOf } from './uploads.service';
