// The wallboard's wall mode: the page container goes full screen (Fullscreen API); where the
// browser refuses (no API, no permission, an iframe without allowfullscreen) the container instead
// covers the window by a CSS class (.cp-wall-covered). Esc leaves either way: the browser ends its
// full screen itself (fullscreenchange), the cover listens for the key.
import { useCallback, useEffect, useState, type RefObject } from 'react';

/** off, full screen by the API, or the CSS cover. */
export type WallMode = 'off' | 'fullscreen' | 'covered';

export function useWallMode(container: RefObject<HTMLElement | null>): {
  mode: WallMode;
  enter: () => Promise<void>;
  leave: () => Promise<void>;
} {
  const [mode, setMode] = useState<WallMode>('off');

  const enter = useCallback(async () => {
    const el = container.current;
    if (!el) return;
    if (typeof el.requestFullscreen === 'function' && document.fullscreenEnabled !== false) {
      try {
        await el.requestFullscreen({ navigationUI: 'hide' });
        setMode('fullscreen');
        return;
      } catch {
        // refused: cover the window instead
      }
    }
    setMode('covered');
  }, [container]);

  const leave = useCallback(async () => {
    if (document.fullscreenElement) {
      try {
        await document.exitFullscreen();
      } catch {
        // already left
      }
    }
    setMode('off');
  }, []);

  useEffect(() => {
    if (mode === 'off') return;
    const onChange = () => {
      if (mode === 'fullscreen' && !document.fullscreenElement) setMode('off');
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // The browser usually ends its full screen itself on Esc; where the key reaches the page, end it here.
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      setMode('off');
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('keydown', onKey);
    };
  }, [mode]);

  // Leaving the page leaves full screen.
  useEffect(
    () => () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    },
    [],
  );

  return { mode, enter, leave };
}
