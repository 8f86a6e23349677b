// The page of every menu whose area is not built yet: a translated "not available yet" panel.
import { useTranslation } from 'react-i18next';
import type { ShellPageProps } from '../app/routes';
import { NotAvailablePanel } from './panels';

export default function NotAvailablePage({ menuKey }: ShellPageProps) {
  const { t } = useTranslation('menus');
  return <NotAvailablePanel name={t(`items.${menuKey}`)} />;
}
