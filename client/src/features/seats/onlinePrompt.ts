// The go-online prompt's memory (seatdesk/components/SeatOnlinePrompt.tsx): dismissed for the session.
// sessionStorage holds the user it was dismissed for, so a reload keeps it dismissed; the session's
// end (logout, login required) forgets it, so the next login asks again.

export const ONLINE_PROMPT_KEY = 'cp.seatOnlinePrompt.dismissedFor';

export function forgetOnlinePromptDismissal(): void {
  try {
    sessionStorage.removeItem(ONLINE_PROMPT_KEY);
  } catch {
    // No storage (private mode, tests): nothing was kept.
  }
}
