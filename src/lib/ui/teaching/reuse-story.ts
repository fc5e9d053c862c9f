/**
 * U3, P2: what one request shares with the one before and what the server did with it, in the
 * words both the Slots view and the lesson notes use, so the two cannot disagree. The request's
 * size is stated once, in the slots' unit (characters); the server's reading in its own figures
 * (tokens it counted, seconds it timed, tokens it took from its cache by its count or read from
 * its timing). Where the server said nothing, the sentence is the harness's estimate and says so.
 */
import type { CacheBreak } from './cache-break';
import type { TeachingStep } from './step-index';

export interface ServerRead {
  promptTokens: number;
  seconds?: number;
  reused?: { tokens: number; source: 'reported' | 'timing' };
}

export const grouped = (value: number) => value.toLocaleString('en-US');

/** The server's own figures for a step's prompt, when it gave any. */
export function serverRead(step: Pick<TeachingStep, 'stats' | 'serverReused'> | undefined): ServerRead | undefined {
  const count = step?.stats?.promptTokens;
  if (!count) return undefined;
  const seconds = step.stats?.promptSeconds;
  return {
    promptTokens: count,
    ...(seconds ? { seconds } : {}),
    ...(step.serverReused ? { reused: step.serverReused } : {}),
  };
}

/** Characters the request shares with the previous request and its reply (0–1). */
const sharedShare = (cache: CacheBreak) => (cache.total ? cache.reused / cache.total : 0);

function textSentence(number: number, cache: CacheBreak): string {
  const size = `This request is ${grouped(cache.total)} characters`;
  if (number === 1) return `${size}, the session's first: there is no earlier request to share a start with.`;
  if (cache.firstDifference === undefined) {
    const fresh = grouped(cache.total - cache.reused);
    return `${size}. It extends the previous request and its reply: only the last ${fresh} are new.`;
  }
  return (
    `${size}. It stops sharing its start with the previous request and its reply at character ` +
    `${grouped(cache.firstDifference)}: a server reads everything after that again.`
  );
}

function serverSentence(number: number, cache: CacheBreak | undefined, server: ServerRead): string {
  const time = server.seconds !== undefined ? ` in ${server.seconds.toFixed(1)} s` : '';
  const read = `The server read ${grouped(server.promptTokens)} prompt tokens${time}`;
  if (!server.reused)
    return server.seconds === undefined
      ? `${read}; how many came from its cache it did not say.`
      : `${read}; how many came from its cache cannot be told ` +
          '(no count of its own, and no earlier read to time it against).';
  const source = server.reused.source === 'reported' ? 'its own count' : 'read from its timing';
  const tokens = Math.min(server.reused.tokens, server.promptTokens);
  const taken = tokens === 0 ? 'none of them' : `${grouped(tokens)} of them`;
  const sentence = `${read}, taking ${taken} from its cache (${source})`;
  if (number === 1 && tokens > 0) return `${sentence}: a warm-up or an earlier run had read them.`;
  // The text repeats the previous request, but the server read it again anyway: say so, since the
  // character figure alone would promise a reuse that did not happen.
  const serverShare = tokens / server.promptTokens;
  if (number > 1 && cache && sharedShare(cache) >= 0.5 && serverShare < sharedShare(cache) / 2)
    return `${sentence}: although the text repeats the previous request, the server read it again.`;
  return `${sentence}.`;
}

/**
 * The sentences for step `number`: the request's size and what it shares (from the characters),
 * then the server's reading (from its figures), or the estimate labelled as one.
 */
export function reuseStory(number: number, cache: CacheBreak | undefined, server: ServerRead | undefined): string {
  const text = cache ? textSentence(number, cache) : '';
  const measured = server
    ? serverSentence(number, cache, server)
    : cache && number > 1
      ? 'The server gave no figures: by the characters (an estimate), ' +
        `about ${Math.round(sharedShare(cache) * 100)}% of the prompt could come from its cache.`
      : '';
  return [text, measured].filter(Boolean).join(' ');
}
