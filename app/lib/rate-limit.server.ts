import { getPrisma } from "./db.server";

// Fixed-window counters in the database, so every app instance behind a load balancer shares them.
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  limited: boolean;
  /** Seconds until the window resets; 0 when not limited. */
  retryAfterSeconds: number;
}

/** Reads a counter without changing it: refuse before doing any work when it is spent. */
export async function checkRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const row = await getPrisma().rateLimit.findUnique({ where: { key } });
  const now = Date.now();
  if (!row || row.resetAt.getTime() <= now || row.count < rule.limit) {
    return { limited: false, retryAfterSeconds: 0 };
  }
  return { limited: true, retryAfterSeconds: Math.ceil((row.resetAt.getTime() - now) / 1000) };
}

/** Counts one event in one atomic statement, safe under concurrent requests; returns the new state. */
export async function hitRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const now = new Date();
  const resetAt = new Date(now.getTime() + rule.windowMs);
  const [row] = await getPrisma().$queryRaw<{ count: number; resetAt: Date }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${key}, 1, ${resetAt})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN ${resetAt} ELSE "RateLimit"."resetAt" END
    RETURNING "count", "resetAt"`;
  const limited = row.count > rule.limit;
  return {
    limited,
    retryAfterSeconds: limited ? Math.ceil((new Date(row.resetAt).getTime() - now.getTime()) / 1000) : 0,
  };
}

export async function clearRateLimit(key: string): Promise<void> {
  await getPrisma().rateLimit.deleteMany({ where: { key } });
}

/** The client's address as the proxy in front of the app reports it, for per-IP limits. */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("X-Real-IP") || "unknown";
}
