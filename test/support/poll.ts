/** Polling a URL until it answers as expected: the dev server tests wait for rebuilds this way, never by timing. */

/** One answer of the server, read whole. */
export interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/** GETs (or sends `init`) to `url` once and reads the body. */
export async function ask(url: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/**
 * Asks `url` again and again until `done(answer)` holds, and returns that answer. The deadline is
 * generous (a shared, noisy machine); past it the error shows the last answer seen.
 */
export async function pollUntil(url: string, done: (answer: Answer) => boolean, init?: RequestInit, deadlineMs = 30_000): Promise<Answer> {
  const deadline = Date.now() + deadlineMs;
  let last: Answer | undefined;
  for (;;) {
    last = await ask(url, init).catch(() => last);
    if (last && done(last)) return last;
    if (Date.now() > deadline) {
      throw new Error(`${url} never answered as expected; last answer: ${last ? `${last.status} ${last.body.slice(0, 500)}` : 'none'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
