import { createContext, useContext } from "react";

// The document's CSP nonce, given by app/entry.server.tsx to the server render only. It is never in
// loader data: a nonce the page's scripts can read would help an injected script pass the policy.
// In the browser it is undefined; by then the scripts that needed it have run.
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
