/**
 * The guest-side `process.stdin` of the offline node: what was piped in (`__stdin`), delivered
 * as Node delivers it — 'data' then 'end', after the program's first turn — or read at once
 * with `fs.readFileSync(0)`.
 */
export const stdinSource = String.raw`
process.stdin = (() => {
    // What was piped in, delivered as Node delivers it: 'data' then 'end', after the code ran.
    const listeners = { data: [], end: [], readable: [] };
    let scheduled = false;
    let text = globalThis.__stdin;
    const deliver = () => {
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => {
        const chunk = text;
        if (chunk) for (const fn of listeners.data) fn(chunk);
        for (const fn of listeners.readable) fn();
        text = '';
        for (const fn of listeners.end) fn();
      }, 0);
    };
    const stdin = {
      isTTY: false,
      fd: 0,
      setEncoding: () => stdin,
      resume: () => (deliver(), stdin),
      pause: () => stdin,
      read: () => {
        const chunk = text || null;
        text = '';
        return chunk;
      },
      on(event, fn) {
        if (listeners[event]) listeners[event].push(fn);
        if (event === 'data' || event === 'end' || event === 'readable') deliver();
        return stdin;
      },
      [Symbol.asyncIterator]: async function* () {
        const chunk = text;
        text = '';
        if (chunk) yield chunk;
      },
    };
    stdin.once = stdin.on;
    stdin.addListener = stdin.on;
    return stdin;
  })();
`;
