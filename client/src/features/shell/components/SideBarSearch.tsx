// The side bar's search box: filters as you type; Enter opens the first match, Escape clears.
import { Button, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function SideBarSearch(p: { value: string; onChange(v: string): void; onSubmit(): void }) {
  const { t } = useTranslation('shell');
  return (
    <InputGroup
      className="cp-sidebar-search"
      size="small"
      leftIcon="search"
      type="search"
      placeholder={t('sidebar.search')}
      aria-label={t('sidebar.search')}
      data-testid="sidebar-search"
      value={p.value}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') p.onSubmit();
        if (e.key === 'Escape') p.onChange('');
      }}
      rightElement={
        p.value ? (
          <Button
            variant="minimal"
            size="small"
            icon="cross"
            aria-label={t('sidebar.clearSearch')}
            data-testid="sidebar-search-clear"
            onClick={() => p.onChange('')}
          />
        ) : undefined
      }
    />
  );
}
