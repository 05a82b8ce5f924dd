export { menuRoutes } from './menus.routes';
