/**
 * Pattern matching over the not-yet-consumed tokens of a phrase: each grammar rule is a
 * regular expression over space-joined tokens; a match consumes its tokens so later rules
 * (and the vocabulary matcher) never see them again.
 */
import type { TToken } from './text';

const CONSUMED = '\u00a7';

/** Grammar rules are fixed strings: compile each once, not on every question. */
const COMPILED = new Map<string, RegExp>();

export class TokenScanner {
  constructor(readonly tokens: TToken[]) {}

  private text(): string {
    return this.tokens.map((t) => (t.consumed ? CONSUMED : t.norm)).join(' ');
  }

  /**
   * Finds every match of `source` on whole tokens, calls `handle` with the groups and the
   * first token index; a handler returning false leaves the tokens unconsumed.
   */
  scan(source: string, handle: (groups: string[], at: number) => boolean | undefined): void {
    let re = COMPILED.get(source);
    if (!re) {
      re = new RegExp(`(?:^| )(?:${source})(?= |$)`, 'g');
      COMPILED.set(source, re);
    }
    let from = 0;
    for (let guard = 0; guard < 50; guard++) {
      const text = this.text();
      re.lastIndex = from;
      const m = re.exec(text);
      if (!m) return;
      const start = m.index + (m[0].startsWith(' ') ? 1 : 0);
      const end = m.index + m[0].length;
      const first = start === 0 ? 0 : text.slice(0, start).split(' ').length - 1;
      const count = text.slice(start, end).split(' ').length;
      const ok = handle(m.slice(1), first);
      if (ok === false) {
        from = end;
        continue;
      }
      for (let i = first; i < first + count; i++) this.tokens[i].consumed = true;
      from = 0;
    }
  }
}
