export { ssoRoutes } from './sso.routes';
export { casLogoutUrlOf, ssoSettingsOf } from './sso.settings';
