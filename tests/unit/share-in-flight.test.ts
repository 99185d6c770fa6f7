import { describe, expect, test } from "vitest";
import { shareInFlight } from "~/lib/share-in-flight";

// The session reads of one page's loaders (layout and page, run at the same moment) share one
// database query; a later request reads again, so a session ended in between is seen as ended.

describe("shareInFlight", () => {
  test("callers asking at the same moment share one read; a caller after it settled reads again", async () => {
    const pending = new Map<string, Promise<string>>();
    let reads = 0;
    const read = () => shareInFlight(pending, "session-1", async () => `row ${++reads}`);
    expect(await Promise.all([read(), read(), read()])).toEqual(["row 1", "row 1", "row 1"]);
    expect(await read()).toBe("row 2");
    expect(pending.size).toBe(0);
  });

  test("different keys are read apart, and a failed read is not kept", async () => {
    const pending = new Map<string, Promise<string>>();
    let reads = 0;
    const [a, b] = await Promise.all([
      shareInFlight(pending, "a", async () => `a ${++reads}`),
      shareInFlight(pending, "b", async () => `b ${++reads}`),
    ]);
    expect([a, b]).toEqual(["a 1", "b 2"]);
    await expect(shareInFlight(pending, "a", () => Promise.reject(new Error("database gone")))).rejects.toThrow(
      "database gone",
    );
    expect(await shareInFlight(pending, "a", async () => "a again")).toBe("a again");
  });
});
