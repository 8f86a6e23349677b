// One shared Blueprint toaster for the whole app, created on first use (React 19 way: OverlayToaster.create).
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

const getToaster = (): Promise<Toaster> =>
  (toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 }));

export type ToastKind = 'success' | 'error' | 'info';

const intents: Record<ToastKind, Intent> = {
  success: Intent.SUCCESS,
  error: Intent.DANGER,
  info: Intent.PRIMARY,
};

/** A toast's one action: a button that leads on (e.g. to the progress of what was started). */
export interface ToastAction {
  text: string;
  onClick(): void;
  testId?: string;
}

/** Shows a toast; sagas `call` this, so it resolves once the toast is queued. */
export async function showToast(kind: ToastKind, message: string, action?: ToastAction): Promise<void> {
  if (!message) return;
  const t = await getToaster();
  // Same text, same key: a burst of identical errors (e.g. several 10003 replies) shows once.
  t.show(
    {
      message,
      intent: intents[kind],
      // A toast with an action stays long enough to be used.
      timeout: action ? 8000 : kind === 'error' ? 5000 : 3000,
      ...(action
        ? {
            action: {
              text: action.text,
              onClick: action.onClick,
              // Blueprint passes the action's other props on to its button.
              ...({ 'data-testid': action.testId } as object),
            },
          }
        : {}),
    },
    `${kind}:${message}`,
  );
}
