/**
 * Model text is untrusted on a terminal too: escape sequences could clear the screen, move the
 * cursor over the diff under review or set the window title, and bidi controls can reorder what
 * a command looks like. Every control and bidi character is shown as a visible escape instead.
 */
// C0 controls except newline and tab, DEL, C1 controls, and the bidi/invisible format characters.
const unsafe =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g;

export function escapeForTerminal(text: string): string {
  return text.replace(unsafe, (character) => {
    const code = character.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * Libraries print too (ollama-js warns `invalid json: <what the server sent>`): their console
 * output goes through the CLI's own escaped log, on stderr, never raw and never onto stdout.
 */
export function routeConsoleTo(log: (line: string) => void): void {
  const line = (...parts: unknown[]) =>
    log(parts.map((part) => (typeof part === 'string' ? part : String(part))).join(' '));
  console.log = line;
  console.info = line;
  console.warn = line;
  console.error = line;
}
