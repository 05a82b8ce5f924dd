import { Button, Result } from 'antd';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addErrorLog, firstComponent } from '../../lib/error-log';
import { browser } from '../../lib/navigation';

interface AppErrorBoundaryProps {
  children: ReactNode;
  /** A change (the layout passes the pathname) clears the failure, so leaving the page recovers. */
  resetKey?: unknown;
}

interface AppErrorBoundaryState {
  failed: boolean;
  resetKey: unknown;
}

function ErrorFallback() {
  const { t } = useTranslation('components');
  return (
    <Result
      status="error"
      title={t('errorBoundary.title')}
      subTitle={t('errorBoundary.description')}
      extra={
        <Button type="primary" onClick={() => browser.reload()}>
          {t('errorBoundary.reload')}
        </Button>
      }
    />
  );
}

/**
 * Wraps the content area: a page that throws while rendering is recorded in the error log (with React's
 * component stack) and replaced by a message with a reload button, while the shell around it stays usable.
 * React error boundaries are still class components only.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<AppErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: AppErrorBoundaryProps,
    state: AppErrorBoundaryState,
  ): Partial<AppErrorBoundaryState> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    addErrorLog(error, {
      component: firstComponent(info.componentStack),
      info: info.componentStack ?? undefined,
    });
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
