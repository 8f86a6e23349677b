// i18next set-up: zh-CN by default, the chosen language persisted in localStorage under `lang`.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES, isLanguage, resources, type Language } from '../locales';

export const LANG_KEY = 'lang';

const stored = (): Language => {
  try {
    const v = globalThis.localStorage?.getItem(LANG_KEY);
    return isLanguage(v) ? v : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

/** Builds an initialised instance; the app uses the shared one below, tests may build their own. */
export function createI18n(lng: Language = stored(), withReact = true): I18n {
  const instance = i18next.createInstance();
  if (withReact) instance.use(initReactI18next);
  void instance.init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    returnEmptyString: false,
    returnNull: false,
    // Resources are bundled, so initialise synchronously: t() works right after this call.
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

export const i18n = createI18n();

// Keep the document's language and title in step with the UI language.
const syncDocument = () => {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = i18n.language;
  document.title = i18n.t('common:appName');
};
i18n.on('languageChanged', syncDocument);
syncDocument();

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

export function setLanguage(lng: Language): void {
  try {
    globalThis.localStorage?.setItem(LANG_KEY, lng);
  } catch {
    // Private mode may refuse storage; the switch still applies to this page.
  }
  void i18n.changeLanguage(lng);
}
