export { draftRoutes } from './drafts.routes';
