// The Information Security Pledge (信息安全承诺书) that login and registration ask a user to accept:
// its full text in the UI language; "agree" ticks the box it was opened from.
import { Classes, Dialog, DialogBody } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../ui/DialogActions';

const PARAGRAPHS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'] as const;

export function PledgeDialog(p: { isOpen: boolean; onClose(): void; onAgree(): void }) {
  const { t } = useTranslation('auth');
  return (
    <Dialog isOpen={p.isOpen} onClose={p.onClose} title={t('pledgeDoc.title')} icon="shield">
      <DialogBody className="cp-pledge-text" data-testid="pledge-dialog">
        <p>{t('pledgeDoc.intro')}</p>
        <ol>
          {PARAGRAPHS.map((k) => (
            <li key={k} className={Classes.RUNNING_TEXT}>
              {t(`pledgeDoc.${k}`)}
            </li>
          ))}
        </ol>
      </DialogBody>
      <DialogActions
        closeText={t('pledgeDoc.close')}
        onClose={p.onClose}
        text={t('pledgeDoc.agree')}
        icon="tick"
        testId="pledge-agree"
        onClick={p.onAgree}
      />
    </Dialog>
  );
}
