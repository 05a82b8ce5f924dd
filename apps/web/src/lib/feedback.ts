import { message as staticMessage, Modal } from 'antd';
import type { App } from 'antd';

type AppApis = ReturnType<typeof App.useApp>;
export type MessageApi = AppApis['message'];
/** The part of a modal API used here; the static `Modal` and `App.useApp().modal` both have it. */
export interface ModalApi {
  confirm(config: Parameters<AppApis['modal']['confirm']>[0]): unknown;
}

// The static `message` and `Modal` cannot read the ConfigProvider theme or locale; the app registers the
// context-bound instances of antd's App once it is mounted, and code outside React (api-client) uses them.
let messageApi: MessageApi = staticMessage;
let modalApi: ModalApi = Modal;

export function setFeedbackApis(apis: { message: MessageApi; modal: ModalApi }): void {
  messageApi = apis.message;
  modalApi = apis.modal;
}

export function resetFeedbackApis(): void {
  messageApi = staticMessage;
  modalApi = Modal;
}

export function notifyError(text: string): void {
  void messageApi.error(text);
}

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
}

/** A yes/no dialog; resolves true on OK, false on cancel or close. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modalApi.confirm({
      ...options,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
