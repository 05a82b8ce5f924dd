export { dictionaryRoutes } from './dictionaries.routes';
