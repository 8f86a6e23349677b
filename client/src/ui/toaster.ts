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

/** Shows a toast; sagas `call` this, so it resolves once the toast is queued. */
export async function showToast(kind: ToastKind, message: string): Promise<void> {
  if (!message) return;
  const t = await getToaster();
  // Same text, same key: a burst of identical errors (e.g. several 10003 replies) shows once.
  t.show({ message, intent: intents[kind], timeout: kind === 'error' ? 5000 : 3000 }, `${kind}:${message}`);
}
