export { postRoutes } from './posts.routes';
