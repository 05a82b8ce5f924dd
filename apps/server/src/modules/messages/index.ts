export { messageRoutes } from './messages.routes';
export { notify, type Notice } from './messages.service';
