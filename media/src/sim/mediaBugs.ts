// The media bugs on a simulated channel, listed by `uuid_buglist <uuid>` exactly as FreeSWITCH 1.10.12
// prints them (checked on the real switch): in the order they were attached, each with its function
// (avmd, detect_speech, session_record), its target (N/A for avmd, the file of a recording, the
// recognizer key for detect_speech) and thread-locked 0; no bug at all is an empty <media-bugs>.
// The media worker reads it to know whether avmd and detect_speech really started.

interface MediaBug {
  fn: string;
  target: string;
}

export class MediaBugs {
  private readonly bugs: MediaBug[] = [];

  add(fn: string, target: string): void {
    if (!this.has(fn, target)) this.bugs.push({ fn, target });
  }

  /** Removes the bugs of `fn` (only the one on `target` when given). */
  remove(fn: string, target?: string): void {
    for (let i = this.bugs.length - 1; i >= 0; i--) {
      const b = this.bugs[i]!;
      if (b.fn === fn && (target === undefined || b.target === target)) this.bugs.splice(i, 1);
    }
  }

  has(fn: string, target?: string): boolean {
    return this.bugs.some((b) => b.fn === fn && (target === undefined || b.target === target));
  }

  clear(): void {
    this.bugs.length = 0;
  }

  /** The body of `uuid_buglist <uuid>` (switch_core_media_bug_enumerate). */
  format(): string {
    const items = this.bugs.map(
      (b) =>
        ` <media-bug>\n  <function>${b.fn}</function>\n  <target>${b.target}</target>\n` +
        `  <thread-locked>0</thread-locked>\n </media-bug>\n`,
    );
    return `<media-bugs>\n${items.join('')}</media-bugs>\n`;
  }
}

/** The key detect_speech gives its bug: "<module>/<grammar>/<name>/<dest>" (switch_ivr_detect_speech). */
export const detectSpeechTarget = (engine: string, grammar: string, name: string): string =>
  `${engine}/${grammar}/${name}/(null)`;
