// The column chooser (a popover of checkboxes) and the density toggle above a table, alone or as the
// toolbar that keeps both in a table's prefs (useTablePrefs).
import { Button, Checkbox, Popover } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Density } from './DataTable';
import { toggleHidden, type TablePrefs } from './tablePrefs';

export function ColumnChooser(p: {
  columns: { key: string; title: ReactNode }[];
  hidden: string[];
  onChange(hidden: string[]): void;
  testId: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Popover
      placement="bottom-end"
      content={
        <div className="cp-dt-chooser" data-testid={`${p.testId}-columns-menu`}>
          {p.columns.map((c) => (
            <Checkbox
              key={c.key}
              checked={!p.hidden.includes(c.key)}
              data-testid={`${p.testId}-column-${c.key}`}
              onChange={() => p.onChange(toggleHidden(p.hidden, c.key))}
            >
              {c.title}
            </Checkbox>
          ))}
          <Button size="small" variant="minimal" text={t('table.showAll')} onClick={() => p.onChange([])} />
        </div>
      }
    >
      <Button
        variant="minimal"
        icon="column-layout"
        text={t('table.columns')}
        data-testid={`${p.testId}-columns`}
      />
    </Popover>
  );
}

export function DensityToggle(p: { density: Density; onChange(d: Density): void; testId: string }) {
  const { t } = useTranslation('common');
  const next: Density = p.density === 'compact' ? 'comfortable' : 'compact';
  return (
    <Button
      variant="minimal"
      icon={p.density === 'compact' ? 'list' : 'th-list'}
      text={t(`table.density.${next}`)}
      data-testid={`${p.testId}-density`}
      data-density={p.density}
      onClick={() => p.onChange(next)}
    />
  );
}

/** The toolbar above a table with prefs: the column chooser and the density toggle, right-aligned. */
export function TablePrefsBar(p: {
  testId: string;
  columns: { key: string; title: ReactNode }[];
  prefs: TablePrefs;
  save(prefs: TablePrefs): void;
}) {
  return (
    <div className="cp-dt-toolbar">
      <span className="cp-dt-grow" />
      <ColumnChooser
        testId={p.testId}
        columns={p.columns}
        hidden={p.prefs.hidden}
        onChange={(hidden) => p.save({ ...p.prefs, hidden })}
      />
      <DensityToggle
        testId={p.testId}
        density={p.prefs.density}
        onChange={(density) => p.save({ ...p.prefs, density })}
      />
    </div>
  );
}
