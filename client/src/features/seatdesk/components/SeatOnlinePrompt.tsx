// The go-online prompt (issue 23): a user who works seats opens the console and a seat of theirs is
// offline, so no call would reach them. A toast (bottom right, clear of the header; not blocking) says so and offers "go online"
// (PUT /api/seats/:id/state through the seats saga). Dismissed, it stays dismissed for the session: a
// reload keeps it away (sessionStorage), a new login shows it again (seats sagas clear the key). The
// desk page has its own prompt in the seat panel, so the toast is not shown there.
import { Intent, OverlayToaster, Position, Toast, type ActionProps } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuth } from '../../auth/slice';
import { seatsActions, selectSeats } from '../../seats/slice';
import { ONLINE_PROMPT_KEY } from '../../seats/onlinePrompt';
import { SEAT_DESK_PATH } from '../path';

const dismissedFor = (userId: number): boolean => {
  try {
    return sessionStorage.getItem(ONLINE_PROMPT_KEY) === String(userId);
  } catch {
    return false;
  }
};

export function SeatOnlinePrompt() {
  const { t } = useTranslation('seats');
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const userId = useAppSelector(selectAuth).me?.id ?? null;
  const mine = useAppSelector(selectSeats).mine;
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [asked, setAsked] = useState(false);

  if (userId === null || pathname === SEAT_DESK_PATH) return null;
  const offline = mine.items.filter((s) => s.enabled && !s.state.online);
  const hidden = dismissed === userId || dismissedFor(userId);
  const failed = asked && mine.switching === null && mine.error;
  if ((hidden || !offline.length) && !failed) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(ONLINE_PROMPT_KEY, String(userId));
    } catch {
      // Storage refused (private mode): dismissed for this page's life only.
    }
    setDismissed(userId);
  };
  const goOnline = () => {
    setAsked(true);
    for (const s of offline)
      dispatch(seatsActions.switchRequested({ seatId: s.id, patch: { online: true } }));
  };
  const action = {
    text: offline.length > 1 ? t('desk.goOnlineAll') : t('desk.goOnline'),
    icon: 'feed',
    onClick: goOnline,
    'data-testid': 'seat-online-prompt-go',
  } as ActionProps;

  return (
    <OverlayToaster position={Position.BOTTOM_RIGHT} usePortal>
      {failed ? (
        <Toast
          key="failed"
          intent={Intent.DANGER}
          icon="error"
          timeout={0}
          className="cp-seat-online-failed"
          message={
            <span data-testid="seat-online-prompt-failed">
              {t('desk.goOnlineFailed', { reason: mine.error })}
            </span>
          }
          onDismiss={() => setAsked(false)}
        />
      ) : (
        <Toast
          key="prompt"
          intent={Intent.WARNING}
          icon="offline"
          timeout={0}
          className="cp-seat-online-prompt"
          message={
            <span data-testid="seat-online-prompt">
              {offline.length > 1
                ? t('desk.loginPromptMany', { count: offline.length })
                : t('desk.loginPrompt', { name: offline[0]!.name })}
            </span>
          }
          action={action}
          // Blueprint dismisses the toast after its action too: once asked, it does not come back.
          onDismiss={dismiss}
        />
      )}
    </OverlayToaster>
  );
}
