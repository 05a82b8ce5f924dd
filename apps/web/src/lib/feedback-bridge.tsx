import { App } from 'antd';
import { useEffect } from 'react';
import { resetFeedbackApis, setFeedbackApis } from './feedback';

/**
 * Mounted inside antd's App: lets code outside React (the api-client) use its themed message and modal
 * APIs, which follow the ConfigProvider's theme and locale.
 */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setFeedbackApis({ message, modal });
    return resetFeedbackApis;
  }, [message, modal]);
  return null;
}
