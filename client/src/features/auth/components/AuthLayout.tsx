// The frame of the public pages: product name, page title, language switch, one card.
import { Card, Elevation, H3, H5, Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../ui/LanguageSwitch';

export function AuthLayout({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="cp-auth" data-testid={testId}>
      <div className="cp-auth-lang">
        <LanguageSwitch />
      </div>
      <Card elevation={Elevation.TWO} className="cp-auth-card">
        <H3 data-testid="app-name">{t('appName')}</H3>
        <H5 className={Classes.TEXT_MUTED} data-testid="page-title">
          {title}
        </H5>
        {children}
      </Card>
    </div>
  );
}
