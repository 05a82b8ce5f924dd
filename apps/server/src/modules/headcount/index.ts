export { headcountRoutes } from './headcount.routes';
