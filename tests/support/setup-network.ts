import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

// Tests never reach the network: outside services (Google sign-in, payout providers) are mocked
// with msw handlers that each test file adds with `mockServer.use(...)`; any other outgoing HTTP
// request fails the test. Local servers a test starts itself (127.0.0.1) are let through.
export const mockServer = setupServer();

beforeAll(() =>
  mockServer.listen({
    onUnhandledRequest(request, print) {
      const { hostname } = new URL(request.url);
      if (hostname === "127.0.0.1" || hostname === "localhost") return;
      print.error();
    },
  }),
);
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());
