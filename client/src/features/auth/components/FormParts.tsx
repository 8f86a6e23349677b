// Small pieces the auth forms share: the pledge checkbox (its text opens in a dialog), the server error callout, the submit button.
import { Button, Callout, Checkbox, Classes, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PledgeDialog } from './PledgeDialog';

export function PledgeCheckbox(p: { checked: boolean; onChange(v: boolean): void; error?: string }) {
  const { t } = useTranslation('auth');
  const [reading, setReading] = useState(false);
  return (
    <div className="cp-field">
      <Checkbox
        data-testid="pledge"
        checked={p.checked}
        labelElement={
          <>
            {t('login.pledgePrefix')}
            <a
              href="#pledge"
              data-testid="pledge-open"
              onClick={(e) => {
                // Inside the label: open the text without ticking the box.
                e.preventDefault();
                e.stopPropagation();
                setReading(true);
              }}
            >
              {t('login.pledgeLink')}
            </a>
          </>
        }
        onChange={(e) => p.onChange(e.currentTarget.checked)}
      />
      <PledgeDialog
        isOpen={reading}
        onClose={() => setReading(false)}
        onAgree={() => {
          p.onChange(true);
          setReading(false);
        }}
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
