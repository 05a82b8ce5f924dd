export { storeRoutes } from './stores.routes';
