/**
 * Which route file of a dev build answers a request, asked of the build's thread and not in the dev
 * server's process: the router loads h3, which Node would keep for the whole session there (and a
 * site that got h3 installed while dev ran would still meet its "not found"), where each build's
 * thread loads the site's packages anew. Both sides of the question, over the thread's messages.
 */
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { createRouteFinder, type RouteFinder } from '../routes/route-finder.ts';

/** Which route file answers a request with this method and URL; answered with a {@link RouteFileAnswer} of the same number. */
export interface RouteFileQuestion {
  which: number;
  method: string;
  url: string;
}

/** The route file that answers the question `which`; `null` when none does. */
export interface RouteFileAnswer {
  which: number;
  file: string | null;
}

/** The thread's side: answers questions from the route table of the build it serves. */
export function createRouteFileAnswerer() {
  let findRoute: RouteFinder | undefined;
  return {
    /** The table of the build now served. */
    serve(table: RouteDefinition[]): void {
      findRoute = createRouteFinder(table);
    },
    async answer(question: RouteFileQuestion): Promise<RouteFileAnswer> {
      let request: Request;
      try {
        request = new Request(question.url, { method: question.method });
      } catch {
        // A method no Request can carry (TRACE): no route file answers it.
        return { which: question.which, file: null };
      }
      return { which: question.which, file: (await findRoute?.(request)) ?? null };
    },
  };
}

/** The dev server's side: asks with `send`, and resolves each question when its answer comes. */
export function createRouteFileAsker(send: (question: RouteFileQuestion) => void) {
  const asked = new Map<number, (file: string | undefined) => void>();
  let questions = 0;
  return {
    ask(request: Request): Promise<string | undefined> {
      const which = ++questions;
      send({ which, method: request.method, url: request.url });
      return new Promise((resolve) => asked.set(which, resolve));
    },
    /** Takes an answer the thread sent. */
    answered(answer: RouteFileAnswer): void {
      asked.get(answer.which)?.(answer.file ?? undefined);
      asked.delete(answer.which);
    },
    /** The thread ended: no route file answers the questions left. */
    stopped(): void {
      for (const resolve of asked.values()) resolve(undefined);
      asked.clear();
    },
  };
}
