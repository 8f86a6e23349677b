// The menu search's labels: every entry and group in every UI language, so "tasks" and "任务" both
// find AI任务 whichever language is on.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { groupLabelKey, menuLabelKey, type NavGroupId } from '../../../app/menuGroups';
import { LANGUAGES } from '../../../locales';

export function useMenuSearchLabels() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const ts = LANGUAGES.map((lng) => i18n.getFixedT(lng));
    return {
      item: (key: string) => ts.map((t) => t(menuLabelKey(key))),
      group: (id: NavGroupId) => ts.map((t) => t(groupLabelKey(id))),
    };
  }, [i18n]);
}
