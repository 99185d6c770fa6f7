// What the withdrawals queue's page shares between the server and the browser: the query keys of
// its filter form, in the form's order (the page links keep them). The rules are in
// withdrawal-queue.server.ts.
export const QUEUE_FILTER_KEYS = ["status", "method", "from", "to", "minAmount", "maxAmount"] as const;
export type QueueFilterKey = (typeof QUEUE_FILTER_KEYS)[number];
