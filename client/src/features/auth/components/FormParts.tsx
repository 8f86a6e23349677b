// Small pieces the auth forms share: the pledge checkbox, the server error callout, the submit button.
import { Button, Callout, Checkbox, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function PledgeCheckbox(p: { checked: boolean; onChange(v: boolean): void; error?: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="cp-field">
      <Checkbox
        data-testid="pledge"
        checked={p.checked}
        label={t('login.pledge')}
        onChange={(e) => p.onChange(e.currentTarget.checked)}
      />
      {p.error && (
        <div className={`${Classes.FORM_HELPER_TEXT} cp-error-text`} data-testid="pledge-error">
          {p.error}
        </div>
      )}
    </div>
  );
}

export function FormError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <Callout intent={Intent.DANGER} className="cp-field" data-testid={testId}>
      {message}
    </Callout>
  );
}

export function SubmitButton({ text, pending, testId }: { text: string; pending: boolean; testId: string }) {
  return (
    <Button type="submit" intent={Intent.PRIMARY} fill loading={pending} text={text} data-testid={testId} />
  );
}
