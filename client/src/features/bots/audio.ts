// Plays a WAV blob in the page (recordings, TTS preview), stopping what was playing.
let current: HTMLAudioElement | null = null;

export async function playBlob(blob: Blob): Promise<void> {
  current?.pause();
  const url = URL.createObjectURL(blob);
  const audio = new Audio(url);
  current = audio;
  audio.addEventListener('ended', () => URL.revokeObjectURL(url));
  await audio.play().catch(() => undefined);
}
