import { message as staticMessage } from 'antd';
import type { App } from 'antd';

export type MessageApi = ReturnType<typeof App.useApp>['message'];

// The static `message` cannot read the ConfigProvider theme; the app registers the context-bound
// instance of antd's App once it is mounted, and code outside React (api-client) shows toasts through it.
let messageApi: MessageApi = staticMessage;

export function setMessageApi(api: MessageApi): void {
  messageApi = api;
}

export function resetMessageApi(): void {
  messageApi = staticMessage;
}

export function notifyError(text: string): void {
  void messageApi.error(text);
}
