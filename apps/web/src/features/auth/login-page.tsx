import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@dealer-hr/shared/error-codes';
import { fieldLabels } from '@dealer-hr/shared/rules';
import { LanguageSwitch } from '../../components/language-switch';
import { ApiError, fieldErrorsOf } from '../../lib/api-client';
import { requiredRules } from '../../lib/form-rules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLoginMutation } from './api/login';
import type { LoginInput } from './api/login';
import { loginModesQueryOptions } from './api/sso';
import { safeRedirect } from './safe-redirect';
import { leaveForSalesApp } from './single-sign-on';
import type * as SignOnModule from './sign-on-options';
import styles from './login-page.module.css';

// The sign-on options only load where a provider is configured: most logins never need them.
type SignOnOptions = typeof SignOnModule;
const signOnOptions = (): Promise<SignOnOptions> => import('./sign-on-options');
// The QR frame (and its error illustration) loads only when someone picks 扫码登录.
const QrLogin = lazy(() => import('./qr-login').then((m) => ({ default: m.QrLogin })));

/** The longest the card waits for the sign-on modes (and their chunk) before it shows the username login. */
export const MODES_WAIT_MS = 1_500;

/**
 * The sign-on modes and the chunk that shows them, and whether the card may show its content: once both are
 * here, so that the method tabs above the form and the sign-on buttons below it come with the form rather
 * than move it under a click or a tap. A slow network gets the form alone after MODES_WAIT_MS, and the options
 * when they come.
 */
function useSignOnOptions() {
  const { data: modes, isPending } = useQuery(loginModesQueryOptions());
  const [options, setOptions] = useState<SignOnOptions | null>(null);
  const [waitedLong, setWaitedLong] = useState(false);
  const offered = Boolean(modes?.wecom || modes?.oauth || modes?.cas);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), MODES_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!offered) return;
    let current = true;
    signOnOptions().then(
      (loaded) => current && setOptions(loaded),
      // Without its chunk the page is the username login.
      () => current && setWaitedLong(true),
    );
    return () => {
      current = false;
    };
  }, [offered]);
  return { modes, options, ready: waitedLong || (!isPending && (!offered || options !== null)) };
}

const FIELDS: readonly string[] = ['username', 'password'] satisfies (keyof LoginInput)[];

export function LoginPage() {
  const { t, i18n } = useTranslation(['login', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginInput>();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('redirect');
  const [method, setMethod] = useState<'password' | 'qr'>('password');
  const { modes, options, ready } = useSignOnOptions();
  useDocumentTitle(t('submit'));

  // Messages already on screen follow a language switch too.
  const language = i18n.resolvedLanguage;
  useEffect(() => {
    const shown = form.getFieldsError().filter((field) => field.errors.length > 0);
    if (language && shown.length > 0)
      void form.validateFields(shown.map((field) => field.name)).catch(() => {});
  }, [form, language]);

  const loginMutation = useLoginMutation({
    onSuccess: () => navigate(safeRedirect(returnTo), { replace: true }),
    onError: (error) => {
      const fieldErrors = fieldErrorsOf(error).filter((entry) => FIELDS.includes(entry.field));
      if (fieldErrors.length > 0) {
        form.setFields(
          fieldErrors.map((entry) => ({ name: entry.field as keyof LoginInput, errors: [entry.message] })),
        );
      } else if (error instanceof ApiError) {
        // Other codes have been shown by the api-client already.
        if (!leaveForSalesApp(error) && error.code === ErrorCode.VALIDATION)
          void message.error(error.message);
      } else {
        void message.error(t('common:request.network'));
      }
    },
  });

  const passwordForm = (
    <Form
      form={form}
      name="login"
      layout="vertical"
      size="large"
      requiredMark={false}
      disabled={loginMutation.isPending}
      onFinish={(values) => loginMutation.mutate(values)}
    >
      <Form.Item
        name="username"
        label={t('username.label')}
        rules={requiredRules(fieldLabels.username, t('username.required'))}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('username.placeholder')}
          autoComplete="username"
          autoFocus
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('password.label')}
        rules={requiredRules(fieldLabels.password, t('password.required'))}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('password.placeholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button
        className={styles.submit}
        type="primary"
        htmlType="submit"
        block
        loading={loginMutation.isPending}
      >
        {t('submit')}
      </Button>
    </Form>
  );

  return (
    <div className={styles.page}>
      <header className={styles.toolbar}>
        <LanguageSwitch />
      </header>
      <main className={styles.main}>
        <section className={styles.card} aria-busy={!ready}>
          <div className={styles.brand}>
            <span className={styles.logo} aria-hidden>
              <TeamOutlined />
            </span>
            <h1 className={styles.title}>{t('common:appTitle')}</h1>
            <p className={styles.subtitle}>{t('subtitle')}</p>
          </div>
          {ready ? (
            // The form keeps its place in the tree when the tabs come late: typing and focus survive.
            <>
              {modes?.wecom && options && <options.LoginMethodTabs method={method} onChange={setMethod} />}
              {modes?.wecom && method === 'qr' ? (
                <Suspense fallback={null}>
                  <QrLogin returnTo={returnTo} />
                </Suspense>
              ) : (
                passwordForm
              )}
              {options && <options.SignOnButtons modes={modes} returnTo={returnTo} />}
            </>
          ) : (
            <div className={styles.waiting} />
          )}
        </section>
      </main>
      <footer className={styles.footer}>{t('common:copyright')}</footer>
    </div>
  );
}
