export { uploadRoutes } from './uploads.routes';
export { uploadAnswerOf } from './uploads.service';
