// With single fetch, an action called directly returns a Response for redirects and
// { data, init } for data() results. These narrow the result and fail the test otherwise.

export function expectRedirect(result: unknown): Response {
  if (!(result instanceof Response)) throw new Error(`Expected a redirect, got ${JSON.stringify(result)}`);
  return result;
}

export function expectData<T>(result: T): Extract<T, { data: unknown }> {
  if (result instanceof Response || typeof result !== "object" || result === null || !("data" in result)) {
    throw new Error("Expected data() with an init, got a Response or a plain value");
  }
  return result as Extract<T, { data: unknown }>;
}

/** The status and text of the Response an action threw (a 400 for an unknown intent, say). */
export async function expectThrown(work: Promise<unknown>): Promise<{ status: number; text: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, text: await error.text() };
    throw error;
  }
  throw new Error("Expected the action to throw a Response");
}
