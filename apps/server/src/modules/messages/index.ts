export { messageRoutes } from './messages.routes';
export { notify, unreadCount, type Notice } from './messages.service';
