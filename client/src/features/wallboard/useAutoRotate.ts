// The TV auto-rotation: while on, the board shows one task after another (rotationOrder, every
// `seconds`). Any interaction with the page (a click, a key, the wheel, a touch) outside the board's
// own controls (`controls`: the rotation switch, its interval, the wall-mode button) stops it, so a
// supervisor who walks up to the screen is never moved away.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { nextRotation } from './wallMode';

export const ROTATE_SECONDS = [10, 15, 30, 60] as const;
export const ROTATE_DEFAULT_SECONDS = 15;

const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export function useAutoRotate(
  order: readonly number[],
  controls: RefObject<HTMLElement | null>,
): {
  on: boolean;
  seconds: number;
  focus: number | null;
  setOn: (on: boolean) => void;
  setSeconds: (s: number) => void;
} {
  const [on, setOn] = useState(false);
  const [seconds, setSeconds] = useState<number>(ROTATE_DEFAULT_SECONDS);
  const [focus, setFocus] = useState<number | null>(null);
  const orderRef = useRef(order);
  orderRef.current = order;

  useEffect(() => {
    if (!on) {
      setFocus(null);
      return;
    }
    setFocus((cur) =>
      cur !== null && orderRef.current.includes(cur) ? cur : nextRotation(orderRef.current, null),
    );
    const id = window.setInterval(
      () => setFocus((cur) => nextRotation(orderRef.current, cur)),
      seconds * 1000,
    );
    const stop = (e: Event) => {
      if (e.target instanceof Node && controls.current?.contains(e.target)) return;
      setOn(false);
    };
    for (const k of INTERACTIONS) document.addEventListener(k, stop, { capture: true, passive: true });
    return () => {
      window.clearInterval(id);
      for (const k of INTERACTIONS) document.removeEventListener(k, stop, { capture: true });
    };
  }, [on, seconds, controls]);

  // A focused task that left the board (finished, another merchant picked): move on.
  useEffect(() => {
    if (on && focus !== null && !order.includes(focus)) setFocus(nextRotation(order, null));
    if (on && focus === null && order.length > 0) setFocus(nextRotation(order, null));
  }, [on, focus, order]);

  return { on, seconds, focus, setOn, setSeconds };
}
