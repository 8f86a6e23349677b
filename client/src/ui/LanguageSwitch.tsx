// 中文 / English switch; the choice persists in localStorage (see app/i18n.ts).
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../app/i18n';
import { LANGUAGES } from '../locales';

export function LanguageSwitch({ minimal = true }: { minimal?: boolean }) {
  const { t, i18n } = useTranslation('common');
  return (
    <ButtonGroup variant={minimal ? 'minimal' : undefined} aria-label={t('language.label')}>
      {LANGUAGES.map((lng) => (
        <Button
          key={lng}
          data-testid={`lang-${lng}`}
          text={t(`language.${lng}`)}
          active={i18n.language === lng}
          onClick={() => setLanguage(lng)}
        />
      ))}
    </ButtonGroup>
  );
}
