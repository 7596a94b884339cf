/**
 * A graceful close that waits for requests, not for connections. Node's `server.close()` closes the
 * keep-alive connections idle at that moment, but not one that has sent nothing yet (a browser's
 * preconnect) or only part of a request: those would hold the shutdown until SHUTDOWN_TIMEOUT.
 */
import type { Server as HttpServer, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What {@link trackRequests} gives: the way to close what no request is using. */
export interface ConnectionDrain {
  /**
   * Closes every connection without a request in flight, now; those with one close once it is
   * answered (with `Connection: close` when its headers are not sent yet). Call it as the close starts.
   */
  drain(): void;
}

/** Follows `server`'s connections and the requests in flight on each, for {@link ConnectionDrain.drain}. */
export function trackRequests(server: HttpServer): ConnectionDrain {
  const connections = new Map<Socket, Set<ServerResponse>>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    connections.set(socket, new Set());
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request, response: ServerResponse) => {
    const inFlight = connections.get(request.socket);
    inFlight?.add(response);
    if (draining) closeAfter(response);
    response.once('close', () => {
      inFlight?.delete(response);
      // A response whose headers went out before the drain leaves its connection open and idle.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    drain() {
      draining = true;
      for (const [socket, inFlight] of connections) {
        if (inFlight.size === 0) socket.destroy();
        else for (const response of inFlight) closeAfter(response);
      }
    },
  };
}

/** Asks Node to close the connection once `response` is sent, and tells the client so. */
function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('connection', 'close');
}
