export { meRoutes, sessionRoutes } from './auth.routes';
