// /wxChat.html and /wxscan: WeChat entry points, not built yet; they say so plainly.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PUBLIC_PATHS } from '../../../app/routes';
import { NotAvailablePanel } from '../../../ui/panels';
import { AuthLayout } from '../components/AuthLayout';

export default function WeChatPage({ kind }: { kind: 'chat' | 'scan' }) {
  const { t } = useTranslation(['common', 'auth']);
  const name = t(kind === 'chat' ? 'common:wechat.chat' : 'common:wechat.scan');
  return (
    <AuthLayout title={name} testId={`wechat-${kind}-page`}>
      <NotAvailablePanel name={name} />
      <div className="cp-auth-links">
        <Link to={PUBLIC_PATHS.login} data-testid="link-login">
          {t('auth:forgot.toLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
