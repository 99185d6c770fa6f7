import type { Response as ExpressResponse } from "express";

// What the server hands every loader beside the request (getLoadContext in scripts/server.ts).

declare module "@remix-run/node" {
  interface AppLoadContext {
    /**
     * Resolves once the connection can take more of the response (at once unless the client is
     * behind): Remix writes a streamed body without waiting for the socket, so a long stream (a CSV
     * export) waits on this before reading its next batch, and a slow client cannot fill memory.
     */
    responseReady?: () => Promise<void>;
  }
}

export function responseReadiness(res: ExpressResponse): () => Promise<void> {
  return () =>
    res.writableNeedDrain && !res.destroyed
      ? new Promise((resolve) => {
          const done = () => {
            res.off("drain", done);
            res.off("close", done);
            resolve();
          };
          res.on("drain", done);
          res.on("close", done);
        })
      : Promise.resolve();
}
